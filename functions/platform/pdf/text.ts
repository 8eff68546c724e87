// A page's text from PDFium's lines: the line shape, and the layout (./page-text.mjs, plain
// JavaScript because the PDF worker thread runs it too).

/** One line as PDFium reads it. */
export interface PageLine {
  text: string;
  /** Baseline of the line's first character, in points from the bottom; null when unknown. */
  y: number | null;
  /** Font size of the line's first character, in points; 0 when unknown. */
  size: number;
}

export { layoutPage, tidyText } from './page-text.mjs';
