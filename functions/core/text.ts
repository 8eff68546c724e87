// Text rules shared by the server, the engines and the web app: how a text is cut to a length,
// how many bytes it takes in UTF-8 (what an item or a body limit counts), and how a message
// template is filled (parameters and plural forms).
// Pure functions, no I/O.

export interface TruncateOptions {
  /** Runs of white space become one space and the ends are trimmed first (default true). */
  flatten?: boolean;
  /** The cut falls on the last blank when that keeps more than this share of `max`; 0: anywhere (default 0.6). */
  atWord?: number;
  /** Punctuation left dangling before the ellipsis goes too (default true). */
  tidy?: boolean;
}

/** The text cut to at most `max` characters, an ellipsis marking the cut. */
export function truncate(text: string, max: number, opts: TruncateOptions = {}): string {
  const { flatten = true, atWord = 0.6, tidy = true } = opts;
  const flat = flatten ? text.replace(/\s+/g, ' ').trim() : text;
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const blank = atWord > 0 ? cut.search(/\s\S*$/u) : -1;
  const head = blank > max * atWord ? cut.slice(0, blank) : cut;
  return `${tidy ? head.replace(/[\s,;:.-]+$/u, '') : head.trimEnd()}…`;
}

const utf8 = new TextEncoder();

/** Bytes of the text in UTF-8. */
export const utf8Bytes = (text: string): number => utf8.encode(text).byteLength;

const pluralRules = { fr: new Intl.PluralRules('fr'), en: new Intl.PluralRules('en') };

/** `{name|singular|plural}`: each form may hold `{name}` parameters of its own. */
const PLURAL = /\{(\w+)\|((?:[^|{}]|\{\w+\})*)\|((?:[^|{}]|\{\w+\})*)\}/g;

/**
 * A message template filled: `{name}` takes the parameter; `{name|singular|plural}` takes the
 * form the language's plural rules give for the number `name` (French: 0 and 1 are singular,
 * English: only 1). A parameter not given stays as written, or becomes empty with `missing: 'empty'`.
 */
export function fillTemplate(
  lang: 'fr' | 'en',
  template: string,
  params: Record<string, string | number>,
  missing: 'keep' | 'empty' = 'keep',
): string {
  const forms = template.replace(PLURAL, (whole, name: string, one: string, other: string) =>
    name in params ? (pluralRules[lang].select(Number(params[name])) === 'one' ? one : other) : whole,
  );
  return forms.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : missing === 'keep' ? whole : ''));
}
