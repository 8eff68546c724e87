// The course as a document: what ingestion recovers from a file's pages (functions/engine/document)
// and what every reader takes from it. A page's stored text is the model written out, one block a
// line (a paragraph joined across its wrapped lines, a list item, a table row, a line of a framed
// box), blocks apart by a blank line; each block's span says what it is, so that a generator never
// has to guess a heading, a list marker, a label or a table header from a line's look. Running
// headers and footers are set apart and never part of the text.

/** Bumped whenever the model or its text changes: a file built by an older version is rebuilt. */
export const DOCUMENT_MODEL_VERSION = 1;

/** Headings kept in a file's outline at most (a 1,000-page book stays within a record's budget). */
export const MAX_OUTLINE_ENTRIES = 400;

/**
 * What a block is:
 * - `heading`: a title of the course's outline (`level` 1 to 3);
 * - `paragraph`: prose, joined across line wraps and hyphenation;
 * - `item`: a bullet or numbered list item (its marker in `marker`, not in the text);
 * - `row` / `header`: a table's row (cells joined by " — ") / its header row;
 * - `box`: a line of a framed box (its title is a `label` block before it);
 * - `label`: a line that only names what follows ("Exemple", "Worked example", "À retenir");
 * - `formula`: a line that is an equation or relation rather than prose.
 */
export const blockKinds = ['heading', 'paragraph', 'item', 'row', 'header', 'box', 'label', 'formula'] as const;
export type BlockKind = (typeof blockKinds)[number];

/** What a labelled block holds, from its label ("Définition :", "Example.", "Énoncé", "Key points"). */
export const blockLabels = ['definition', 'example', 'theorem', 'exercise', 'solution', 'key_points', 'note'] as const;
export type BlockLabel = (typeof blockLabels)[number];

/** What a block of a page is, whatever holds it. */
export interface BlockFacts {
  kind: BlockKind;
  /** Headings: 1 to 3. */
  level?: number;
  /** Headings and numbered items: the numbering as printed ("1.2", "II", "a"). */
  number?: string;
  /** List items: the marker as printed ("•", "1.", "a)"). */
  marker?: string;
  /** The label the block carries, or the label of the box or section it belongs to. */
  label?: BlockLabel;
  /** Rows, headers: the table's index on the page (0-based); box lines: the box's index. */
  group?: number;
  /** A paragraph that goes on from the previous page (its start was cited there). */
  continued?: boolean;
}

/** One block of a page, as its span in the page's stored text. */
export interface PageSpan extends BlockFacts {
  /** Offsets in the page text: `text.slice(start, end)` is the block. */
  start: number;
  end: number;
}

/** An entry of a file's outline: a heading, its level and the page it stands on. */
export interface OutlineEntry {
  level: number;
  text: string;
  page: number;
  number?: string;
}

/** What `GET /api/subjects/{subjectId}/files/{fileId}/outline` answers. */
export interface FileOutline {
  file_id: string;
  file_name: string;
  /** The file's headings in order; [] when it has none (the page then says so). */
  entries: OutlineEntry[];
  /** The file's text is still being read (no outline yet). */
  pending: boolean;
  /** More headings than MAX_OUTLINE_ENTRIES: the list stops there. */
  truncated: boolean;
}
