import { describe, expect, it } from 'vitest';
import { OCR_PAGES_MONTHLY, PREMIUM_FAIR_USE_MONTHLY } from '../../../functions/core/limits.js';
import {
  BACK_TO_SCHOOL_OFFER,
  counterValue,
  cyclingMessage,
  formatCount,
  formatOfferEnd,
  formatPrice,
  isOfferOpen,
  LANDING_TIMING,
  matchesSearch,
  messageTypedMs,
  parseProse,
  planParams,
  taglineEndMs,
  typedTagline,
  websiteJsonLd,
} from '../../../web/src/components/content-helpers.js';

describe('landing tagline typing (300 ms, then 28 ms a character)', () => {
  const tagline = 'Révise plus malin.';

  it('shows nothing during the first 300 ms, then one more character every 28 ms', () => {
    expect(typedTagline(tagline, 0)).toBe('');
    expect(typedTagline(tagline, 299)).toBe('');
    expect(typedTagline(tagline, 300)).toBe('R');
    expect(typedTagline(tagline, 327)).toBe('R');
    expect(typedTagline(tagline, 328)).toBe('Ré');
    expect(typedTagline(tagline, 300 + 28 * 5)).toBe('Révise');
  });

  it('ends with the whole tagline and stays there', () => {
    const end = taglineEndMs(tagline);
    expect(end).toBe(300 + 28 * tagline.length);
    expect(typedTagline(tagline, end)).toBe(tagline);
    expect(typedTagline(tagline, end + 60_000)).toBe(tagline);
  });

  it('counts an accented letter written in decomposed form as one step', () => {
    const decomposed = 'Re\u0301vise';
    expect(typedTagline(decomposed, 300 + 28)).toBe('Ré');
  });
});

describe('landing cycling message (typed 42 ms, erased 22 ms, paused 1,400 ms)', () => {
  const messages = ['abc', 'hello'];
  const start = 1000;

  it('waits for the tagline before starting', () => {
    expect(cyclingMessage(messages, 999, start)).toEqual({ index: 0, text: '', phase: 'waiting' });
  });

  it('types at 42 ms a character, holds 1400 ms, erases at 22 ms a character', () => {
    expect(cyclingMessage(messages, start, start)).toMatchObject({ index: 0, text: 'a', phase: 'typing' });
    expect(cyclingMessage(messages, start + 42, start).text).toBe('ab');
    expect(cyclingMessage(messages, start + 84, start).text).toBe('abc');
    // typed after 3 × 42 = 126 ms, then held for 1400 ms
    expect(cyclingMessage(messages, start + 126, start)).toMatchObject({ text: 'abc', phase: 'pausing' });
    expect(cyclingMessage(messages, start + 126 + 1399, start)).toMatchObject({ text: 'abc', phase: 'pausing' });
    // erasing: one character less every 22 ms
    expect(cyclingMessage(messages, start + 126 + 1400, start)).toMatchObject({ text: 'ab', phase: 'erasing' });
    expect(cyclingMessage(messages, start + 126 + 1400 + 22, start).text).toBe('a');
    expect(cyclingMessage(messages, start + 126 + 1400 + 44, start).text).toBe('');
  });

  it('starts at the first message fully written when the page already shows it', () => {
    expect(messageTypedMs('abc')).toBe(126);
    expect(messageTypedMs('été')).toBe(126);
    expect(cyclingMessage(messages, messageTypedMs('abc'), 0)).toMatchObject({ index: 0, text: 'abc', phase: 'pausing' });
    expect(cyclingMessage(messages, messageTypedMs('abc') + 1400, 0)).toMatchObject({ index: 0, text: 'ab', phase: 'erasing' });
  });

  it('moves on to the next message, then loops back to the first', () => {
    const first = 3 * 42 + 1400 + 3 * 22;
    const second = 5 * 42 + 1400 + 5 * 22;
    expect(cyclingMessage(messages, start + first, start)).toMatchObject({ index: 1, text: 'h', phase: 'typing' });
    expect(cyclingMessage(messages, start + first + 5 * 42, start)).toMatchObject({ index: 1, text: 'hello', phase: 'pausing' });
    expect(cyclingMessage(messages, start + first + second, start)).toMatchObject({ index: 0, text: 'a', phase: 'typing' });
    expect(cyclingMessage(messages, start + 10 * (first + second) + 42, start)).toMatchObject({ index: 0, text: 'ab' });
  });

  it('uses the spec timings', () => {
    expect(LANDING_TIMING).toMatchObject({
      taglineDelayMs: 300,
      taglineCharMs: 28,
      messageTypeCharMs: 42,
      messageEraseCharMs: 22,
      messagePauseMs: 1400,
    });
  });
});

describe('student counter', () => {
  it('animates from 0 to the target in about 1.2 s without overshooting', () => {
    expect(counterValue(1234, 0)).toBe(0);
    const values = [0, 100, 300, 600, 900, 1100, 1199].map((ms) => counterValue(1234, ms));
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThanOrEqual(values[i - 1]);
    expect(Math.max(...values)).toBeLessThanOrEqual(1234);
    expect(counterValue(1234, 600)).toBeGreaterThan(617);
    expect(counterValue(1234, 1200)).toBe(1234);
    expect(counterValue(1234, 5000)).toBe(1234);
  });

  it('formats in French in French and in English in English', () => {
    expect(formatCount(1234, 'fr')).toBe('1\u202f234');
    expect(formatCount(1234, 'fr')).toBe((1234).toLocaleString('fr-FR'));
    expect(formatCount(1234, 'en')).toBe('1,234');
  });
});

describe('plan facts stated on the pages', () => {
  it('promise the limits the server enforces, not the plan page reading', () => {
    expect(planParams('fr')).toMatchObject({
      questions: 10,
      flashcards: 5,
      sheets: 5,
      quizzes: 15,
      podcasts: 3,
      subjects: 5,
      files: 3,
      referralGoal: 5,
      referralMonths: 2,
    });
  });

  it("state the free plan's bound on scanned pages and Premium's fair-use ceiling the server enforces", () => {
    expect(planParams('en')).toMatchObject({
      ocrPages: OCR_PAGES_MONTHLY.free,
      fairQuestions: PREMIUM_FAIR_USE_MONTHLY.question_generation,
      fairSheets: PREMIUM_FAIR_USE_MONTHLY.summary_generation,
      fairQuizzes: PREMIUM_FAIR_USE_MONTHLY.quiz_generation,
      fairFlashcards: PREMIUM_FAIR_USE_MONTHLY.flashcard_generation,
      fairPodcasts: PREMIUM_FAIR_USE_MONTHLY.podcast_generation,
      fairOcrPages: OCR_PAGES_MONTHLY.premium,
    });
  });

  it('prices Premium at 6,99 € a month in French and €6.99 in English', () => {
    expect(formatPrice(699, 'fr')).toBe('6,99\u00a0€');
    expect(formatPrice(0, 'fr')).toBe('0,00\u00a0€');
    expect(formatPrice(699, 'en')).toBe('€6.99');
  });
});

describe('back-to-school offer', () => {
  it('is open until 5 October 2025 23:59 Paris time, closed after', () => {
    expect(isOfferOpen(new Date('2025-10-05T23:59:30+02:00'))).toBe(true);
    expect(isOfferOpen(new Date('2025-10-05T22:00:00Z'))).toBe(false);
    expect(isOfferOpen(new Date('2025-10-15T12:00:00+02:00'))).toBe(false);
    expect(isOfferOpen(new Date('2026-11-21T10:00:00Z'))).toBe(false);
  });

  it('states its end in Paris time in both languages', () => {
    expect(formatOfferEnd('fr')).toBe('5 octobre 2025 à 23:59');
    expect(formatOfferEnd('en')).toBe('5 October 2025 at 23:59');
    expect(BACK_TO_SCHOOL_OFFER.activationsPerUser).toBe(1);
  });
});

describe('prose format of the long pages', () => {
  it('splits paragraphs and lists, and reads links and bold text', () => {
    const blocks = parseProse('Intro line\nsame paragraph.\n\n- **Compte** : e-mail\n- see [FAQ](/faq)\n\nEnd [mail](mailto:a@b.c).');
    expect(blocks).toEqual([
      { kind: 'p', content: [{ text: 'Intro line same paragraph.' }] },
      {
        kind: 'ul',
        items: [
          [{ text: 'Compte', strong: true }, { text: ' : e-mail' }],
          [{ text: 'see ' }, { text: 'FAQ', href: '/faq' }],
        ],
      },
      { kind: 'p', content: [{ text: 'End ' }, { text: 'mail', href: 'mailto:a@b.c' }, { text: '.' }] },
    ]);
  });

  it('keeps a list and the paragraph after it apart when no blank line separates them', () => {
    expect(parseProse('- one\n- two\nAfter.').map((b) => b.kind)).toEqual(['ul', 'p']);
  });
});

describe('FAQ search', () => {
  const text = 'Révise est-il conforme au RGPD ? Écris à [contact@revise.app](mailto:contact@revise.app).';

  it('ignores case and accents and needs every word', () => {
    expect(matchesSearch(text, 'rgpd')).toBe(true);
    expect(matchesSearch(text, 'REVISE conforme')).toBe(true);
    expect(matchesSearch(text, 'ecris')).toBe(true);
    expect(matchesSearch(text, 'rgpd podcast')).toBe(false);
  });

  it('matches link labels but not link targets, and everything on an empty query', () => {
    expect(matchesSearch(text, 'mailto')).toBe(false);
    expect(matchesSearch(text, 'contact@revise.app')).toBe(true);
    expect(matchesSearch(text, '   ')).toBe(true);
  });
});

describe('structured data', () => {
  it('declares the website and a search action that the FAQ answers', () => {
    const data = websiteJsonLd('https://revise.app', 'fr', 'Révise', 'desc');
    expect(data).toMatchObject({
      '@type': 'WebSite',
      url: 'https://revise.app/',
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: 'https://revise.app/faq?q={search_term_string}' },
        'query-input': 'required name=search_term_string',
      },
    });
  });
});
