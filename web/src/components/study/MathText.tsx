// Generated text with its formulas drawn by KaTeX (bundled with the app, fonts included: no CDN):
// LaTeX between `$` signs, and relations written plainly ("v = d / t") as math.ts finds them.
// Line breaks are kept by the stylesheet (white-space: pre-line); a formula KaTeX cannot read is
// shown as written rather than as an error.
import { Fragment, useMemo, type ReactNode } from 'react';
import katex from 'katex';
import 'katex/dist/katex.min.css';
import { formulaSegments, type MathSegment } from './math';

function renderTex(tex: string, display: boolean): string | null {
  try {
    return katex.renderToString(tex, { displayMode: display, throwOnError: true, strict: 'ignore', trust: false, output: 'htmlAndMathml' });
  } catch {
    return null;
  }
}

function Formula({ tex, display }: { tex: string; display: boolean }) {
  const html = useMemo(() => renderTex(tex, display), [tex, display]);
  if (html === null) return <code className="math-raw">{tex}</code>;
  // KaTeX's own markup, from text with `trust: false` (no links, no raw HTML commands).
  return <span className={display ? 'math math-display' : 'math'} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Punctuation that must stay on the formula's line ("v = d/t," never breaks before the comma). */
const CLOSING = /^[,.;:!?)»\]]+/u;

export default function MathText({ text, className }: { text: string; className?: string }) {
  const segments = useMemo<MathSegment[]>(() => formulaSegments(text), [text]);
  const parts: ReactNode[] = [];
  segments.forEach((s, i) => {
    if (s.kind === 'text') {
      const previous = segments[i - 1];
      const closing = previous?.kind === 'math' && !previous.display ? (CLOSING.exec(s.text)?.[0] ?? '') : '';
      if (s.text.length > closing.length) parts.push(<Fragment key={i}>{s.text.slice(closing.length)}</Fragment>);
      return;
    }
    const next = segments[i + 1];
    const closing = !s.display && next?.kind === 'text' ? (CLOSING.exec(next.text)?.[0] ?? '') : '';
    parts.push(
      closing ? (
        <span key={i} className="math-nowrap">
          <Formula tex={s.tex} display={false} />
          {closing}
        </span>
      ) : (
        <Formula key={i} tex={s.tex} display={s.display} />
      ),
    );
  });
  return <span className={className ? `rich-text ${className}` : 'rich-text'}>{parts}</span>;
}
