// Folding: the form every comparison of words uses (case, accents and ligatures ignored), so that a
// student typing "energie" or "ENERGIE" finds "énergie". Characters outside ASCII are folded one
// by one (canonical decomposition, combining marks dropped, ligatures spelled out) and memoised,
// which is several times faster than normalising whole strings.

const LIGATURES: Record<string, string> = {
  œ: 'oe',
  æ: 'ae',
  ß: 'ss',
  ﬁ: 'fi',
  ﬂ: 'fl',
  ﬀ: 'ff',
  ﬃ: 'ffi',
  ﬄ: 'ffl',
  ﬅ: 'st',
  ﬆ: 'st',
};
const MARKS_RE = /\p{M}/gu;
// Anything outside printable ASCII, tab and line breaks (written without control characters).
const NON_ASCII_RE = /[^ -~\t\n\r]/;
const NON_ASCII_ALL_RE = /[^ -~\t\n\r]/g;
const folded = new Map<string, string>();

function foldChar(c: string): string {
  let f = folded.get(c);
  if (f === undefined) {
    f = LIGATURES[c] ?? c.normalize('NFD').replace(MARKS_RE, '');
    folded.set(c, f);
  }
  return f;
}

/** Lower-case, accents removed, ligatures spelled out: "Œuvre Élémentaire" → "oeuvre elementaire". */
export function foldText(s: string): string {
  const lower = s.toLowerCase();
  if (!NON_ASCII_RE.test(lower)) return lower;
  return lower.replace(NON_ASCII_ALL_RE, foldChar);
}
