// Types of ./page-text.mjs.
import type { TextRun } from './text.js';

export function assemblePageText(items: readonly (TextRun | { type: string })[]): string;
export function tidyText(text: string): string;
