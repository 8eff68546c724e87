// A sheet line says what its sentence says in fewer words, and still cites the whole sentence:
// the course's own words, with what a revision sheet can do without taken out (a sequence marker
// opening the sentence, an aside after a comma, an explanation after a colon, a parenthesis of
// several words, the date a date line is already labelled with), and a formula's symbol sentence
// written as a legend ("F : resultant force (N) ; m : mass (kg)"). Nothing is reworded or added,
// so a line never says more than its citation.
/** "D'abord, …", "Ensuite, …", "First, …", "However, …": the sentence reads the same without it. */
const OPENERS =
  /^(?:d['’]abord|ensuite|puis|enfin|premièrement|deuxièmement|troisièmement|par ailleurs|de plus|en outre|cependant|toutefois|ainsi|donc|first(?:ly)?|second(?:ly)?|third(?:ly)?|then|next|finally|however|moreover|furthermore|in addition|thus|therefore)\s*,\s+/iu;

/** An aside after a comma that the sentence's main statement does not need. */
const ASIDES =
  /,\s+(?:alors que|tandis que|ce qui|ce que|c['’]est-à-dire|notamment|par exemple|whereas|while|which|that is|i\.e\.|e\.g\.|for example|for instance|such as)\s[^,;:]*?(?=[,;:.!?]?\s*$|[;:])/iu;

const words = (text: string): number => text.split(/\s+/u).filter(Boolean).length;

function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

function ending(text: string): string {
  const t = text.replace(/[\s,;:]+$/u, '');
  return /[.!?…]$/u.test(t) ? t : `${t}.`;
}

/** The sentence as a sheet line: shorter, never longer, the same statement. */
export function compressLine(text: string, options: { date?: string } = {}): string {
  let t = text.replace(/\s+/gu, ' ').trim();
  const original = t;
  // The date the line is labelled with, opening the sentence: "En 1961, …", "In 1687, …", "On October 29, 1929, …".
  if (options.date) {
    const date = options.date.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
    t = t.replace(new RegExp(`^(?:en|in|on|le|au|à|dès|from|since)?\\s*(?:[\\p{L}\\d ]{0,20}\\s)?${date}\\s*,\\s+`, 'iu'), '');
  }
  t = t.replace(OPENERS, '');
  // An explanation after a colon or a semicolon, when what comes before says it (a list announced by ":" keeps it).
  const cut = /\s*[:;]\s+(?=\S)/u.exec(t);
  if (cut && words(t.slice(0, cut.index)) >= 6 && !/\d\s*$/u.test(t.slice(0, cut.index))) t = t.slice(0, cut.index);
  t = t.replace(ASIDES, '');
  // A parenthesis of several words ("(the storming of the Bastille)"); a unit or a symbol in brackets stays.
  t = t.replace(/\s*\((?:[^()]*\s){2,}[^()]*\)/gu, '');
  t = ending(capitalise(t.trim()));
  return words(t) >= 3 && t.length < original.length ? t : original;
}

/** "where F is the resultant force in newtons (N), m is the mass …" → "F : resultant force (N) ; m : mass (kg) ; …". */
export function symbolLegend(text: string): string | null {
  const body = text
    .trim()
    .replace(/^(?:où|avec|with|where|in which|here)\s+/iu, '')
    .replace(/[.;]\s*$/u, '');
  const symbol = String.raw`[\p{L}Δ][\p{L}\p{N}_]{0,3}`;
  const article = String.raw`(?:the|its|a|an|la|le|les|l['’]|sa|son|ses|un|une)`;
  const parts = body.split(new RegExp(String.raw`\s*,\s*(?:and\s+|et\s+)?|\s+(?:and|et)\s+(?=${symbol}\s+(?:is|are|est|sont|désigne|représente|en|in|${article}))`, 'u'));
  const unitOnly = new RegExp(String.raw`^(${symbol})\s+(?:(?:is|est)\s+)?(?:expressed\s+|exprimée?s?\s+|measured\s+)?(?:in|en)\s+[^()]+?\s*(\([^()]{1,15}\))$`, 'u');
  const described = new RegExp(
    String.raw`^(${symbol})\s+(?:(?:is|are|est|sont|désigne|représente|denotes|stands for)\s+)?(?:${article}\s*)?(.+?)(?:\s+(?:in|en|exprimée?s? en|measured in)\s+[^()]+?)?\s*(\([^()]{1,15}\))?$`,
    'u',
  );
  const out: string[] = [];
  for (const part of parts) {
    const unit = unitOnly.exec(part);
    if (unit) {
      out.push(`${unit[1]} ${unit[2]}`);
      continue;
    }
    const m = described.exec(part);
    if (!m || !m[2] || words(m[2]) > 6) return null;
    out.push(`${m[1]} : ${m[2]}${m[3] ? ` ${m[3]}` : ''}`);
  }
  if (out.length === 0) return null;
  const legend = out.join(' ; ');
  return legend.length < text.length ? legend : null;
}
