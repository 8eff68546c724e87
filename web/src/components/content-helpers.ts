// Pure rules behind the public content pages: the landing animations' timeline, the free plan's
// enforced limits as the pages state them, the back-to-school offer's dates,
// the small text format of the long pages, and FAQ search. No React, no DOM: unit-tested in node.

import { OCR_PAGES_MONTHLY, PREMIUM_FAIR_USE_MONTHLY, PRODUCT_TIME_ZONE } from '@core/limits.js';
import { PLAN_FACTS } from '@core/plans.js';

/** The landing animations' timings, and the counter (profile count plus 600). */
export const LANDING_TIMING = {
  taglineDelayMs: 300,
  taglineCharMs: 28,
  messageTypeCharMs: 42,
  messageEraseCharMs: 22,
  messagePauseMs: 1400,
  counterDurationMs: 1200,
} as const;

export type TypingTiming = typeof LANDING_TIMING;

/** Characters as the reader sees them (an accented letter or an emoji is one step). */
function graphemes(text: string): string[] {
  return Array.from(text.normalize('NFC'));
}

/** Moment the tagline is fully typed. */
export function taglineEndMs(tagline: string, t: TypingTiming = LANDING_TIMING): number {
  return t.taglineDelayMs + graphemes(tagline).length * t.taglineCharMs;
}

/** The tagline as shown `elapsedMs` after the page appeared: nothing before 300 ms, then one more
 * character every 28 ms. */
export function typedTagline(tagline: string, elapsedMs: number, t: TypingTiming = LANDING_TIMING): string {
  const chars = graphemes(tagline);
  if (elapsedMs < t.taglineDelayMs) return '';
  const count = Math.floor((elapsedMs - t.taglineDelayMs) / t.taglineCharMs) + 1;
  return chars.slice(0, Math.min(count, chars.length)).join('');
}

/** Time the cycling message takes to type `message` in full. */
export function messageTypedMs(message: string, t: TypingTiming = LANDING_TIMING): number {
  return graphemes(message).length * t.messageTypeCharMs;
}

export type CyclePhase = 'waiting' | 'typing' | 'pausing' | 'erasing';

export interface CycleFrame {
  /** Index of the message on screen. */
  index: number;
  text: string;
  phase: CyclePhase;
}

/** One message's duration: typed at 42 ms a character, held 1400 ms, erased at 22 ms. */
function messageDurationMs(message: string, t: TypingTiming): number {
  const n = graphemes(message).length;
  return n * t.messageTypeCharMs + t.messagePauseMs + n * t.messageEraseCharMs;
}

/** The cycling message at `elapsedMs` since `startMs` (the cycle starts once the tagline is typed),
 * looping through `messages` for ever. */
export function cyclingMessage(
  messages: readonly string[],
  elapsedMs: number,
  startMs: number,
  t: TypingTiming = LANDING_TIMING,
): CycleFrame {
  if (messages.length === 0 || elapsedMs < startMs) return { index: 0, text: '', phase: 'waiting' };
  const total = messages.reduce((sum, m) => sum + messageDurationMs(m, t), 0);
  if (total <= 0) return { index: 0, text: '', phase: 'waiting' };
  let at = (elapsedMs - startMs) % total;
  for (let index = 0; index < messages.length; index++) {
    const chars = graphemes(messages[index]);
    const typing = chars.length * t.messageTypeCharMs;
    const erasing = chars.length * t.messageEraseCharMs;
    if (at < typing) {
      const count = Math.min(chars.length, Math.floor(at / t.messageTypeCharMs) + 1);
      return { index, text: chars.slice(0, count).join(''), phase: 'typing' };
    }
    at -= typing;
    if (at < t.messagePauseMs) return { index, text: chars.join(''), phase: 'pausing' };
    at -= t.messagePauseMs;
    if (at < erasing) {
      const count = Math.max(0, chars.length - Math.floor(at / t.messageEraseCharMs) - 1);
      return { index, text: chars.slice(0, count).join(''), phase: 'erasing' };
    }
    at -= erasing;
  }
  return { index: 0, text: '', phase: 'waiting' };
}

/** The counter's value `elapsedMs` into its animation: 0 at the start, the target after about
 * 1.2 s, easing out so the last digits settle gently. Never overshoots, never goes backwards. */
export function counterValue(target: number, elapsedMs: number, durationMs: number = LANDING_TIMING.counterDurationMs): number {
  if (!Number.isFinite(target) || target <= 0) return 0;
  if (durationMs <= 0 || elapsedMs >= durationMs) return Math.round(target);
  const p = Math.max(0, elapsedMs) / durationMs;
  const eased = 1 - Math.pow(1 - p, 3);
  return Math.min(Math.round(target), Math.floor(target * eased));
}

/** Number format of the UI language (French format in French, e.g. 1 234). */
export function formatCount(n: number, lang: 'fr' | 'en'): string {
  return n.toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-GB');
}

/**
 * What the pages promise about the plans. The spec gives two readings of the free limits (plan
 * page and enforcement): the pages state the values the server enforces, never more generous ones.
 */
export { PLAN_FACTS };

/** Price in the UI language: '6,99 €' in French, '€6.99' in English. */
export function formatPrice(cents: number, lang: 'fr' | 'en'): string {
  return new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-IE', { style: 'currency', currency: 'EUR' })
    .format(cents / 100)
    .replace(/\u202f|\u00a0/g, '\u00a0');
}

/** Parameters the plan texts use, e.g. '{questions} questions par mois'. */
export function planParams(lang: 'fr' | 'en'): Record<string, string | number> {
  const f = PLAN_FACTS.free;
  return {
    questions: f.questionsPerMonth,
    flashcards: f.flashcardsPerMonth,
    sheets: f.sheetsPerMonth,
    quizzes: f.quizzesPerMonth,
    podcasts: f.podcastsPerMonth,
    subjects: f.maxSubjects,
    files: f.maxFilesPerSubject,
    freePrice: formatPrice(0, lang),
    premiumPrice: formatPrice(PLAN_FACTS.premiumMonthlyPriceCents, lang),
    maxFileSize: PLAN_FACTS.maxFileSizeMb,
    referralGoal: PLAN_FACTS.referral.goal,
    referralMonths: PLAN_FACTS.referral.rewardMonths,
    // The free plan's bound on scanned pages and Premium's fair-use ceiling, as the server enforces them.
    ocrPages: OCR_PAGES_MONTHLY.free,
    fairQuestions: PREMIUM_FAIR_USE_MONTHLY.question_generation,
    fairSheets: PREMIUM_FAIR_USE_MONTHLY.summary_generation,
    fairQuizzes: PREMIUM_FAIR_USE_MONTHLY.quiz_generation,
    fairFlashcards: PREMIUM_FAIR_USE_MONTHLY.flashcard_generation,
    fairPodcasts: PREMIUM_FAIR_USE_MONTHLY.podcast_generation,
    fairOcrPages: OCR_PAGES_MONTHLY.premium,
  };
}

/**
 * The back-to-school offer: one free Premium month without a card, one activation per
 * user. The spec gives two end dates; the page states the one the offer's code enforces,
 * 5 October 2025 at 23:59 Paris time, through the whole of that minute.
 */
export const BACK_TO_SCHOOL_OFFER = {
  endsAt: '2025-10-05T23:59:59+02:00',
  freePremiumMonths: 1,
  activationsPerUser: 1,
} as const;

export function isOfferOpen(now: Date, endsAt: string = BACK_TO_SCHOOL_OFFER.endsAt): boolean {
  return now.getTime() <= Date.parse(endsAt);
}

/** End of the offer in words, in Paris time: '5 octobre 2025 à 23:59' / '5 October 2025 at 23:59'. */
export function formatOfferEnd(lang: 'fr' | 'en', endsAt: string = BACK_TO_SCHOOL_OFFER.endsAt): string {
  return new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: PRODUCT_TIME_ZONE,
  }).format(new Date(endsAt));
}

/** Inline piece of a text: plain, bold (`**words**`) or a link (`[label](href)`). */
export type Inline = { text: string; href?: string; strong?: boolean };
export type ProseBlock = { kind: 'p'; content: Inline[] } | { kind: 'ul'; items: Inline[][] };

const INLINE = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*/g;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    const at = m.index ?? 0;
    if (at > last) out.push({ text: text.slice(last, at) });
    if (m[3] !== undefined) out.push({ text: m[3], strong: true });
    else out.push({ text: m[1], href: m[2] });
    last = at + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}

/**
 * The long pages' texts are kept readable in the dictionaries: paragraphs separated by a blank
 * line, list items starting with '- ', links as `[label](href)`.
 */
export function parseProse(text: string): ProseBlock[] {
  const blocks: ProseBlock[] = [];
  for (const chunk of text.split(/\n\s*\n/)) {
    const lines = chunk
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    if (lines.length === 0) continue;
    let paragraph: string[] = [];
    let items: Inline[][] = [];
    const flushParagraph = () => {
      if (paragraph.length) blocks.push({ kind: 'p', content: parseInline(paragraph.join(' ')) });
      paragraph = [];
    };
    const flushItems = () => {
      if (items.length) blocks.push({ kind: 'ul', items });
      items = [];
    };
    for (const line of lines) {
      if (line.startsWith('- ')) {
        flushParagraph();
        items.push(parseInline(line.slice(2).trim()));
      } else {
        flushItems();
        paragraph.push(line);
      }
    }
    flushParagraph();
    flushItems();
  }
  return blocks;
}

/** Case- and accent-insensitive form used by the FAQ search ('Réglement' finds 'reglement'). */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[’']/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether a question matches the search: every word of the query appears in its text. */
export function matchesSearch(haystack: string, query: string): boolean {
  const words = foldForSearch(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const plain = haystack.replace(/\[([^\]]+)\]\([^)]*\)/g, '$1').replace(/\*\*/g, '');
  const folded = foldForSearch(plain);
  return words.every((w) => folded.includes(w));
}

/**
 * The site's search, declared in the structured data: the FAQ filters its questions with `?q=`.
 * The spec declares a search action without naming its path; this one exists and answers.
 */
export const SEARCH_URL_TEMPLATE = '/faq?q={search_term_string}';

/** The structured data of the website (schema.org WebSite with its SearchAction). */
export function websiteJsonLd(origin: string, lang: 'fr' | 'en', name: string, description: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name,
    url: `${origin}/`,
    inLanguage: lang === 'fr' ? 'fr-FR' : 'en',
    description,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}${SEARCH_URL_TEMPLATE}` },
      'query-input': 'required name=search_term_string',
    },
  };
}
