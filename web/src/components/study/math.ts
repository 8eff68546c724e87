// How generated text is cut into plain text and formulas before KaTeX draws them. The engine
// writes LaTeX between `$...$` (inline) or `$$...$$` (display); a formula line may also come
// without delimiters (`v = d / t`), which is read as math only when it has no words in it.

export type MathSegment = { kind: 'text'; text: string } | { kind: 'math'; tex: string; display: boolean };

const DELIMITED = /\$\$([\s\S]+?)\$\$|(?<!\\)\$([^$\n]+?)(?<!\\)\$/g;
const MATH_SIGNS = /[=<>≤≥≈≠+\-−×÷*/^_√∑∫πΔ]/;
/** A word of four letters or more (LaTeX commands removed first) means prose, not a formula. */
const PROSE_WORD = /\p{L}{4,}/u;

/** Text and formulas in reading order; `$` signs that pair up delimit inline math. */
export function splitMath(text: string): MathSegment[] {
  const out: MathSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(DELIMITED)) {
    const at = match.index ?? 0;
    if (at > last) out.push({ kind: 'text', text: text.slice(last, at) });
    const display = match[1] !== undefined;
    out.push({ kind: 'math', tex: (display ? match[1] : match[2]).trim(), display });
    last = at + match[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out.map((s) => (s.kind === 'text' ? { kind: 'text', text: s.text.replace(/\\\$/g, '$') } : s));
}

/** True for a formula written without delimiters: signs of math and no word of prose. */
export function looksLikeFormula(text: string): boolean {
  const s = text.trim();
  if (!s || s.includes('$') || s.length > 200) return false;
  if (!MATH_SIGNS.test(s)) return false;
  return !PROSE_WORD.test(s.replace(/\\[a-zA-Z]+/g, ' '));
}

/** Plain-text math as TeX: decimal commas kept tight, powers and percent signs KaTeX understands. */
export function plainMathToTex(text: string): string {
  return text
    .trim()
    .replace(/(\d),(\d)/g, '$1{,}$2')
    .replace(/²/g, '^2')
    .replace(/³/g, '^3')
    .replace(/(?<!\\)%/g, '\\%')
    .replace(/\*/g, '\\times ')
    .replace(/√/g, '\\sqrt ');
}

/**
 * A formula line: delimited math as written, else the whole line as math when it is one, else
 * "name: formula" with the part after the colon as math, else the text as it is.
 */
export function formulaSegments(text: string): MathSegment[] {
  const delimited = splitMath(text);
  if (delimited.some((s) => s.kind === 'math')) return delimited;
  if (looksLikeFormula(text)) return [{ kind: 'math', tex: plainMathToTex(text), display: false }];
  const named = /^([^:]*\S)\s*:\s*(.+)$/s.exec(text.trim());
  if (named && looksLikeFormula(named[2])) return [{ kind: 'text', text: `${named[1]} : ` }, { kind: 'math', tex: plainMathToTex(named[2]), display: false }];
  return embeddedSegments(text);
}

/** The sentence with each relation inside it as math ("x = 2 et y = 4": two formulas). */
function embeddedSegments(text: string): MathSegment[] {
  const out: MathSegment[] = [];
  let rest = text;
  for (let found = embeddedFormula(rest); found; found = embeddedFormula(rest)) {
    if (found.before) out.push({ kind: 'text', text: found.before });
    out.push({ kind: 'math', tex: plainMathToTex(found.formula), display: false });
    rest = found.after;
  }
  if (rest) out.push({ kind: 'text', text: rest });
  return out;
}

const RELATION = /^(?:=|≈|≠|≤|≥|<|>|→)$/u;
/** Short words of prose that may stand next to a formula without belonging to it. */
const SHORT_WORDS = new Set(
  'à au aux ce de des du en et est il la le les ou où on par se si sa son un une an and are as at be by for in is it of on or the to'.split(' '),
);

/** A token that can belong to a formula: symbols, numbers, operators, short names ("Ec", "v²"). */
function mathToken(token: string): boolean {
  if (!token || SHORT_WORDS.has(token.toLowerCase())) return false;
  if (PROSE_WORD.test(token.replace(/\\[a-zA-Z]+/g, ' '))) return false;
  return /^[\p{L}\p{N}_^²³()[\]{}+\-−×÷*/.,'√πΔ]+$/u.test(token);
}

/**
 * The relation inside a sentence ("… avec la formule v = d / t, où d est …"): the tokens around
 * its sign that read as math, up to the punctuation that closes it. Null when there is none.
 */
export function embeddedFormula(text: string): { before: string; formula: string; after: string } | null {
  const tokens = [...text.matchAll(/\S+/g)].map((m) => ({ text: m[0], at: m.index ?? 0 }));
  const sign = tokens.findIndex((t) => RELATION.test(t.text));
  if (sign <= 0 || sign >= tokens.length - 1) return null;
  let first = sign;
  while (first > 0 && mathToken(tokens[first - 1].text) && !/[,;:.]$/u.test(tokens[first - 1].text)) first -= 1;
  let last = sign;
  let closing = '';
  while (last < tokens.length - 1) {
    const next = tokens[last + 1].text;
    const bare = next.replace(/[,;:.!?)]+$/u, '');
    if (!mathToken(bare) && !RELATION.test(bare)) break;
    last += 1;
    if (bare !== next) {
      closing = next.slice(bare.length);
      break;
    }
  }
  if (first === sign || last === sign) return null;
  const start = tokens[first].at;
  const lastToken = tokens[last];
  const end = lastToken.at + lastToken.text.length - closing.length;
  return { before: text.slice(0, start), formula: text.slice(start, end), after: text.slice(end) };
}
