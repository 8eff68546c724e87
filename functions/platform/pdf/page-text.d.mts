// Types of ./page-text.mjs.
import type { PageLine } from './text.js';

export function layoutPage(lines: readonly PageLine[]): string;
export function tidyText(text: string): string;
