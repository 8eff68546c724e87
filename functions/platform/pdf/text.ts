// A page's text from pdf.js text items: the run shape, and the assembly (./page-text.mjs, plain
// JavaScript because the PDF worker thread runs it too).

/** The fields of a pdf.js TextItem this needs (marked-content entries have no `str`). */
export interface TextRun {
  str: string;
  hasEOL?: boolean;
  /** [a, b, c, d, e, f]: e, f the origin of the run's baseline; |(c, d)| about the font size. */
  transform?: number[];
  width?: number;
  height?: number;
}

export { assemblePageText, tidyText } from './page-text.mjs';
