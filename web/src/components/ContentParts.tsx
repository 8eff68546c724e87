// Building blocks shared by the public content pages: the typed headline and its cycling message
// (typed at 42 ms a character, erased at 22 ms, 1,400 ms pause), the animated student counter,
// the one-open-at-a-time accordion of the FAQ and the offer page, the prose renderer of the long
// texts, the answer preview and the icon set.
import { Fragment, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  counterValue,
  cyclingMessage,
  formatCount,
  LANDING_TIMING,
  messageTypedMs,
  parseProse,
  taglineEndMs,
  typedTagline,
  type Inline,
} from './content-helpers';
import { REDUCED_MOTION, useMediaQuery } from './useMediaQuery';
import { prerenderedPage } from './prerendered';

/** True when the visitor asked the system for less motion; follows changes live. */
export const usePrefersReducedMotion = (): boolean => useMediaQuery(REDUCED_MOTION);

/**
 * Drives the typed tagline and the cycling message from one clock. The letters are written
 * straight into two spans (no React render); React only hears when the tagline is done (the caret
 * moves). The clock starts once the page has loaded and the browser is idle, and wakes only when
 * a letter is due (one timer per letter, none while a message is held), so a phone's main thread
 * stays free while the page becomes interactive.
 */
function useTypewriter(tagline: string, messages: readonly string[], enabled: boolean, typeTagline: boolean) {
  const typedRef = useRef<HTMLSpanElement>(null);
  const messageRef = useRef<HTMLSpanElement>(null);
  const [taglineDone, setTaglineDone] = useState(!enabled || !typeTagline);
  const messagesKey = messages.join('\n');

  useEffect(() => {
    const typed = typedRef.current;
    const message = messageRef.current;
    if (!typed || !message) return;
    const list = messagesKey ? messagesKey.split('\n') : [];
    const show = (el: HTMLElement, text: string) => {
      if (el.textContent !== text) el.textContent = text;
    };
    if (!enabled) {
      show(typed, tagline);
      show(message, list[0] ?? '');
      setTaglineDone(true);
      return;
    }
    setTaglineDone(!typeTagline);
    const cycleStart = typeTagline ? taglineEndMs(tagline) : 0;
    const t = LANDING_TIMING;
    let start = 0;
    let done = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const tick = () => {
      const elapsed = performance.now() - start;
      if (typeTagline) show(typed, typedTagline(tagline, elapsed));
      const frame = cyclingMessage(list, elapsed, cycleStart);
      show(message, frame.text);
      if (!done && elapsed >= cycleStart) {
        done = true;
        setTaglineDone(true);
      }
      const next =
        elapsed < Math.min(t.taglineDelayMs, cycleStart)
          ? t.taglineDelayMs - elapsed
          : elapsed < cycleStart
            ? t.taglineCharMs
            : frame.phase === 'typing'
              ? t.messageTypeCharMs
              : frame.phase === 'erasing'
                ? t.messageEraseCharMs
                : Math.min(t.messagePauseMs / 4, 350);
      timer = setTimeout(tick, next);
    };
    // On a page painted from prerendered HTML the first message is already written: the cycle
    // starts at its pause, then erases it and goes on.
    const ahead = typeTagline ? 0 : messageTypedMs(list[0] ?? '');
    const begin = () => {
      if (stopped) return;
      start = performance.now() - ahead;
      tick();
    };
    const cancelStart = whenIdleAfterLoad(begin);
    return () => {
      stopped = true;
      cancelStart();
      if (timer) clearTimeout(timer);
    };
  }, [tagline, messagesKey, enabled, typeTagline]);

  return { typedRef, messageRef, taglineDone };
}

/** Runs `task` once the page has loaded and the browser is idle (at most `timeoutMs` later). */
function whenIdleAfterLoad(task: () => void, timeoutMs = 1000): () => void {
  const w = window as { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };
  let idleId: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (w.requestIdleCallback) idleId = w.requestIdleCallback(task, { timeout: timeoutMs });
    else timer = setTimeout(task, 50);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idleId !== undefined) w.cancelIdleCallback?.(idleId);
    if (timer) clearTimeout(timer);
  };
}

function longest(texts: readonly string[]): string {
  return texts.reduce((a, b) => (Array.from(b).length > Array.from(a).length ? b : a), '');
}

interface TypedIntroProps {
  /** The headline, typed after 300 ms at 28 ms a character; rendered as the page's h1. */
  tagline: string;
  /** Shown before the cycling message, e.g. 'Avec Révise, tu peux :'. */
  messagesLabel: string;
  messages: readonly string[];
  titleId?: string;
}

/**
 * Headline typed letter by letter, then a message that types, pauses, erases and moves to the next
 * one. Screen readers get the full texts at once; the final size is reserved from the start so
 * nothing below moves while letters appear. With reduced motion, everything shows at once.
 */
export function TypedIntro({ tagline, messagesLabel, messages, titleId }: TypedIntroProps) {
  const reduced = usePrefersReducedMotion();
  // A page painted from prerendered HTML already shows its tagline and its first message: they
  // stay, and the message cycles on from there (the next visit of the page within the app types
  // both).
  const [shownAlready] = useState(() => prerenderedPage.showing);
  useEffect(() => {
    prerenderedPage.showing = false;
  }, []);
  const { typedRef, messageRef, taglineDone } = useTypewriter(tagline, messages, !reduced, !shownAlready);
  const animating = !reduced;
  return (
    <>
      <h1 className="ct-typed-title" id={titleId}>
        <span className="visually-hidden">{tagline}</span>
        <span className="ct-typed-stack" aria-hidden="true">
          <span className="ct-typed-ghost">{tagline}</span>
          <span className="ct-typed-live">
            <span ref={typedRef}>{shownAlready ? tagline : null}</span>
            {animating && !taglineDone && <span className="ct-caret" />}
          </span>
        </span>
      </h1>
      <p className="ct-typed-cycle">
        <span className="ct-typed-label">{messagesLabel}</span>
        <span className="visually-hidden"> {messages.join(' ')}</span>
        <span className="ct-typed-stack ct-typed-message" aria-hidden="true">
          <span className="ct-typed-ghost">{longest(messages)}</span>
          <span className="ct-typed-live">
            <span ref={messageRef}>{shownAlready ? messages[0] : null}</span>
            {animating && taglineDone && <span className="ct-caret" />}
          </span>
        </span>
      </p>
    </>
  );
}

/** Time between two values of the counter: a dozen steps in its 1.2 s, not one per frame (each
 * step costs a phone a layout and a paint while the page is still starting). */
const COUNTER_STEP_MS = 100;

/**
 * A number counting up from 0 to `target` in about 1.2 s, in the UI language's format. The digits
 * are written straight into their span every 100 ms (no React render per step).
 */
export function AnimatedCount({ target, lang }: { target: number; lang: 'fr' | 'en' }) {
  const reduced = usePrefersReducedMotion();
  const valueRef = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const el = valueRef.current;
    if (!el) return;
    const show = (n: number) => {
      const text = formatCount(n, lang);
      if (el.textContent !== text) el.textContent = text;
    };
    if (reduced) {
      show(target);
      return;
    }
    const start = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const elapsed = performance.now() - start;
      show(counterValue(target, elapsed));
      if (elapsed < LANDING_TIMING.counterDurationMs) timer = setTimeout(tick, COUNTER_STEP_MS);
    };
    tick();
    return () => clearTimeout(timer);
  }, [target, reduced, lang]);
  return (
    <>
      <span aria-hidden="true" className="ct-count-live">
        <span className="ct-count-ghost">{formatCount(target, lang)}</span>
        <span className="ct-count-value" ref={valueRef}>
          {formatCount(reduced ? target : 0, lang)}
        </span>
      </span>
      <span className="visually-hidden">{formatCount(target, lang)}</span>
    </>
  );
}

function InlineText({ parts }: { parts: Inline[] }) {
  return (
    <>
      {parts.map((part, i) => {
        if (part.strong) return <strong key={i}>{part.text}</strong>;
        if (!part.href) return <Fragment key={i}>{part.text}</Fragment>;
        if (part.href.startsWith('/')) {
          return (
            <Link key={i} to={part.href}>
              {part.text}
            </Link>
          );
        }
        const external = /^https?:/.test(part.href);
        return (
          <a key={i} href={part.href} {...(external ? { rel: 'noopener noreferrer' } : {})}>
            {part.text}
          </a>
        );
      })}
    </>
  );
}

/** Renders a dictionary text written in the content pages' small format. */
export function Prose({ text, className }: { text: string; className?: string }) {
  const blocks = parseProse(text);
  return (
    <div className={className ? `ct-prose ${className}` : 'ct-prose'}>
      {blocks.map((block, i) =>
        block.kind === 'p' ? (
          <p key={i}>
            <InlineText parts={block.content} />
          </p>
        ) : (
          <ul key={i}>
            {block.items.map((item, j) => (
              <li key={j}>
                <InlineText parts={item} />
              </li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}

export interface AccordionItem {
  id: string;
  question: string;
  /** Answer in the prose format. */
  answer: string;
}

interface AccordionProps {
  items: AccordionItem[];
  openId: string | null;
  /** Called with the item to open, or null to close the open one. */
  onChange(id: string | null): void;
  headingLevel?: 2 | 3;
}

/** Questions as buttons (aria-expanded, aria-controls) over answer regions; the parent keeps the
 * one open item, so opening another closes the previous one. */
export function Accordion({ items, openId, onChange, headingLevel = 3 }: AccordionProps) {
  const base = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="ct-accordion">
      {items.map((item, index) => {
        const open = item.id === openId;
        const buttonId = `${base}-q${index}`;
        const panelId = `${base}-a${index}`;
        return (
          <div className={open ? 'ct-acc-item open' : 'ct-acc-item'} key={item.id}>
            <Heading className="ct-acc-heading">
              <button
                type="button"
                id={buttonId}
                className="ct-acc-button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => onChange(open ? null : item.id)}
              >
                <span>{item.question}</span>
                <Icon name="chevron" className="ct-acc-chevron" />
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} className="ct-acc-panel" hidden={!open}>
              <Prose text={item.answer} />
            </div>
          </div>
        );
      })}
    </div>
  );
}

interface AnswerPreviewProps {
  label: string;
  subject: string;
  question: string;
  answer: string;
  source: string;
  toolsLabel: string;
  tools: string[];
}

/** Illustration of an answer citing its source page (landing hero, how-it-works). */
export function AnswerPreview({ label, subject, question, answer, source, toolsLabel, tools }: AnswerPreviewProps) {
  return (
    <figure className="ct-preview" aria-label={label}>
      <div className="ct-preview-bar" aria-hidden="true">
        <span />
        <span />
        <span />
        <em>{subject}</em>
      </div>
      <div className="ct-preview-body">
        <p className="ct-bubble ct-bubble-user">{question}</p>
        <div className="ct-bubble ct-bubble-answer">
          <p>{answer}</p>
          <p className="ct-source">
            <Icon name="sheet" />
            <span>{source}</span>
          </p>
        </div>
        <div className="ct-preview-tools">
          <span className="ct-preview-tools-label">{toolsLabel}</span>
          {tools.map((tool) => (
            <span className="ct-chip" key={tool}>
              {tool}
            </span>
          ))}
        </div>
      </div>
    </figure>
  );
}

const circle = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;

const ICONS = {
  sparkles: 'M12 3l1.9 4.6 4.6 1.9-4.6 1.9L12 16l-1.9-4.6-4.6-1.9 4.6-1.9z M18.5 14.5l.8 1.9 1.9.8-1.9.8-.8 1.9-.8-1.9-1.9-.8 1.9-.8z M5.5 15l.6 1.4 1.4.6-1.4.6-.6 1.4-.6-1.4-1.4-.6 1.4-.6z',
  sheet: 'M7 3h7l5 5v13H7z M14 3v5h5 M10 12.5h6 M10 16.5h6',
  chat: 'M4 5h16v11H10l-5 4v-4H4z M8.5 10.5h.01 M12 10.5h.01 M15.5 10.5h.01',
  quiz: `${circle(12, 12, 9)} M8.5 12.2l2.4 2.4 4.6-4.8`,
  cards: 'M3.5 8h12v12h-12z M8.5 4h12v12',
  calendar: 'M4 6h16v14H4z M4 10.5h16 M8.5 3v5 M15.5 3v5 M8 14.5h3',
  chart: 'M5 20v-8 M12 20V5 M19 20v-5 M3 20h18',
  headphones: 'M4 16v-4a8 8 0 0 1 16 0v4 M4 15h3.5v5.5H4z M16.5 15H20v5.5h-3.5z',
  timer: `${circle(12, 13.5, 7.5)} M12 10v4l2.5 1.8 M9.5 2.5h5 M18.5 6.5l1.5-1.5`,
  check: 'M5 12.5l4.5 4.5L19 7.5',
  cross: 'M7 7l10 10 M17 7L7 17',
  folder: 'M3 6.5h6l2 2h10v11H3z',
  upload: 'M12 15.5V4 M7 8.5l5-4.5 5 4.5 M4 15v5h16v-5',
  scan: 'M4 8.5V4h4.5 M15.5 4H20v4.5 M20 15.5V20h-4.5 M8.5 20H4v-4.5 M8 10h8 M8 14h5',
  lock: 'M6 11h12v10H6z M8.5 11V8a3.5 3.5 0 0 1 7 0v3 M12 15v2.5',
  shield: 'M12 3l8 3v6c0 4.8-3.4 8-8 9-4.6-1-8-4.2-8-9V6z M8.8 12.2l2.2 2.2 4.2-4.4',
  globe: `${circle(12, 12, 9)} M3 12h18 M12 3c3 3.4 3 14.6 0 18 M12 3c-3 3.4-3 14.6 0 18`,
  mail: 'M3 6h18v12H3z M3.5 6.5l8.5 6.5 8.5-6.5',
  gift: 'M4 11h16v10H4z M3 7h18v4H3z M12 7v14 M12 7c-1.2-2.8-5.5-3.6-5.5-1.4C6.5 7 9.5 7 12 7z M12 7c1.2-2.8 5.5-3.6 5.5-1.4 0 1.4-3 1.4-5.5 1.4z',
  users: `${circle(9, 8.5, 3.5)} M3 20c.6-3.4 3-5.5 6-5.5s5.4 2.1 6 5.5 M16 5.2a3.5 3.5 0 0 1 0 6.6 M17.5 14.8c1.9.6 3.1 2.4 3.5 5.2`,
  infinity: 'M12 12c-2-2.6-3.6-4-5.5-4a4 4 0 0 0 0 8c1.9 0 3.5-1.4 5.5-4zm0 0c2 2.6 3.6 4 5.5 4a4 4 0 0 0 0-8c-1.9 0-3.5 1.4-5.5 4z',
  target: `${circle(12, 12, 9)} ${circle(12, 12, 5)} ${circle(12, 12, 1.2)}`,
  arrow: 'M5 12h14 M13 6l6 6-6 6',
  chevron: 'M6 9l6 6 6-6',
  search: `${circle(11, 11, 7)} M20.5 20.5l-4.5-4.5`,
  bulb: 'M9 18h6 M10 21h4 M12 3a6 6 0 0 0-3.6 10.8c.7.6 1.1 1.3 1.1 2.2h5c0-.9.4-1.6 1.1-2.2A6 6 0 0 0 12 3z',
  school: 'M2 9.5l10-5 10 5-10 5z M6 11.5v5c3.3 2.2 8.7 2.2 12 0v-5 M22 9.5v5',
  user: `${circle(12, 8, 4)} M4.5 21c.7-4 3.7-6.5 7.5-6.5s6.8 2.5 7.5 6.5`,
  help: `${circle(12, 12, 9)} M9.6 9.3a2.5 2.5 0 0 1 4.8.9c0 1.7-2.4 2.2-2.4 3.8 M12 17.2h.01`,
  trash: 'M4 7h16 M9 7V4h6v3 M6.5 7l1 13h9l1-13 M10 11v5.5 M14 11v5.5',
  cookie: `${circle(12, 12, 9)} M8.5 9.5h.01 M14.5 8h.01 M15.5 14.5h.01 M10 15h.01 M12 12h.01`,
  history: `M3.5 12a8.5 8.5 0 1 0 2.5-6 M3.5 4v4.5H8 M12 7.5V12l3 2`,
  eye: `M2.5 12s3.5-6.5 9.5-6.5 9.5 6.5 9.5 6.5-3.5 6.5-9.5 6.5S2.5 12 2.5 12z ${circle(12, 12, 2.8)}`,
  plus: 'M12 5v14 M5 12h14',
  play: 'M8 5.5v13l10.5-6.5z',
  pause: 'M8.5 5.5v13 M15.5 5.5v13',
  stop: 'M6.5 6.5h11v11h-11z',
  skipBack: 'M6 5.5v13 M18 5.5v13L9 12z',
  skipForward: 'M18 5.5v13 M6 5.5v13L15 12z',
  rewind: 'M11 7l-6 5 6 5z M19 7l-6 5 6 5z',
  fastForward: 'M13 7l6 5-6 5z M5 7l6 5-6 5z',
  download: 'M12 4v11.5 M7 11l5 4.5 5-4.5 M4 16v4h16v-4',
} as const;

export type IconName = keyof typeof ICONS;

/** Line icon drawn with the current text colour; decorative unless a label is given. */
export function Icon({ name, className, label }: { name: IconName; className?: string; label?: string }): ReactNode {
  return (
    <svg
      className={className ? `ct-icon ${className}` : 'ct-icon'}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true, focusable: false })}
    >
      <path d={ICONS[name]} />
    </svg>
  );
}

export interface DocumentSection {
  id: string;
  title: string;
  /** Text in the prose format; `extra` is rendered after it (a table, for instance). */
  body?: string;
  extra?: ReactNode;
}

interface DocumentPageProps {
  className: string;
  icon: IconName;
  title: string;
  intro: string;
  updatedLabel: string;
  tocLabel: string;
  sections: DocumentSection[];
  children?: ReactNode;
}

/** Layout of the long reference pages (privacy, cookies): title, date, table of contents, sections. */
export function DocumentPage({ className, icon, title, intro, updatedLabel, tocLabel, sections, children }: DocumentPageProps) {
  return (
    <div className={`ct-page ct-doc ${className}`}>
      <header className="ct-page-header">
        <div className="container ct-narrow">
          <span className="ct-icon-badge ct-icon-badge-lg">
            <Icon name={icon} />
          </span>
          <h1>{title}</h1>
          <p className="ct-lead">{intro}</p>
          <p className="ct-updated">{updatedLabel}</p>
        </div>
      </header>
      <div className="container ct-doc-layout">
        <nav className="ct-toc" aria-labelledby="doc-toc-title">
          <p className="ct-toc-title" id="doc-toc-title">
            {tocLabel}
          </p>
          <ol>
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="ct-doc-body">
          {sections.map((s) => (
            <section key={s.id} id={s.id} className="ct-doc-section" aria-labelledby={`${s.id}-title`}>
              <h2 id={`${s.id}-title`}>{s.title}</h2>
              {s.body && <Prose text={s.body} />}
              {s.extra}
            </section>
          ))}
          {children}
        </div>
      </div>
    </div>
  );
}

interface ClosingCallToActionProps {
  id: string;
  title: string;
  text: string;
  cta: string;
  onClick: () => void;
  note?: string;
}

/** The closing band of a content page: a title, a line and the sign-up button. */
export function ClosingCallToAction({ id, title, text, cta, onClick, note }: ClosingCallToActionProps) {
  return (
    <section className="ct-section" aria-labelledby={id}>
      <div className="container">
        <div className="ct-closing">
          <h2 id={id}>{title}</h2>
          <p>{text}</p>
          <button type="button" className="btn ct-btn-light ct-btn-lg" onClick={onClick}>
            {cta}
            <Icon name="arrow" />
          </button>
          {note ? <p className="ct-closing-note">{note}</p> : null}
        </div>
      </div>
    </section>
  );
}
