// Text rules shared by the server, the engines and the web app: how a text is cut to a length,
// and how many bytes it takes in UTF-8 (what an item or a body limit counts).
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
