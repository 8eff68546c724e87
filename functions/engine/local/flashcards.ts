// Flashcards from a file or a whole subject: a term card for each definition (the term on the
// front, the course's definition on the back) and question → answer cards for formulas, laws,
// dates, persons, values to know and the steps of a method. Each card cites the sentences its
// back is copied from. A deck mixes the kinds (about half definitions, then formulas, dates…),
// the course's most central facts first within each kind; no two cards share a front, fronts the
// student already has are skipped, a term card whose back only restates its front is not made
// (sanity.ts), and a course with fewer facts than asked gives fewer cards rather than filler.
import { frontKey } from '../../core/cards.js';
import { CARD_BACK_MAX, CARD_FRONT_MAX, DECK_SIZE } from '../../core/limits.js';
import { truncate } from '../../core/text.js';
import { flashcardSchema, type CourseLanguage, type Flashcard } from '../../core/artefacts.js';
import { type FlashcardsRequest } from '../types.js';
import type { SentenceInfo } from './analysis.js';
import { citeAll } from './citations.js';
import { quizMessages } from './quiz-messages.js';
import { capitalize, courseFacts, type Fact } from './quiz-facts.js';
import { definesFront } from './sanity.js';

const MAX_CARD_COUNT = 100;

/** The share of each kind of fact in a deck (in this order when two are equally short of their share). */
const MIX: [Fact['type'], number][] = [
  ['definition', 0.5],
  ['formula', 0.2],
  ['date', 0.15],
  ['steps', 0.05],
  ['person', 0.05],
  ['number', 0.05],
];

interface Draft {
  card: Flashcard;
  type: Fact['type'];
  weight: number;
  order: number;
}

export function buildFlashcards(req: FlashcardsRequest): Flashcard[] {
  const count = Math.min(MAX_CARD_COUNT, req.count > 0 ? Math.floor(req.count) : DECK_SIZE.default);
  const facts = courseFacts(req.course.pages).all.filter((f) => !req.fileId || f.sentence.page.file_id === req.fileId);
  const taken = new Set(req.exclude.map(frontKey));
  // Each kind's cards, the course's most central facts first.
  const queues = new Map<Fact['type'], Draft[]>(MIX.map(([type]) => [type, []]));
  for (const fact of facts) {
    const card = cardFor(fact, req.course.language);
    if (card) queues.get(fact.type)?.push({ card, type: fact.type, weight: fact.weight, order: fact.sentence.index });
  }
  for (const queue of queues.values()) queue.sort((a, b) => b.weight - a.weight || a.order - b.order);
  const chosen: Draft[] = [];
  const counts = new Map<Fact['type'], number>();
  while (chosen.length < count) {
    const next = nextCard(queues, counts, chosen.length, taken);
    if (!next) break;
    chosen.push(next);
    counts.set(next.type, (counts.get(next.type) ?? 0) + 1);
  }
  // The deck reads in the course's order.
  return chosen.sort((a, b) => a.order - b.order).map((d) => flashcardSchema.parse(d.card));
}

/** The next card of the kind furthest below its share, skipping fronts already taken; null when none is left. */
function nextCard(queues: Map<Fact['type'], Draft[]>, counts: Map<Fact['type'], number>, dealt: number, taken: Set<string>): Draft | null {
  const kinds = MIX.map(([type, share], order) => ({ type, order, deficit: share * (dealt + 1) - (counts.get(type) ?? 0) })).sort(
    (a, b) => b.deficit - a.deficit || a.order - b.order,
  );
  for (const { type } of kinds) {
    const queue = queues.get(type) ?? [];
    while (queue.length) {
      const draft = queue.shift()!;
      const key = frontKey(draft.card.front);
      if (!key || taken.has(key)) continue;
      taken.add(key);
      return draft;
    }
  }
  return null;
}

/** A side cut where it must be, white space kept. */
const cut = (text: string, max: number): string => truncate(text, max, { flatten: false, atWord: 0, tidy: false });

function card(kind: Flashcard['kind'], front: string, back: string, cited: SentenceInfo[]): Flashcard {
  return { kind, front: cut(front, CARD_FRONT_MAX), back: cut(back, CARD_BACK_MAX), citations: citeAll(cited) };
}

const withoutStop = (s: string) => s.replace(/[.;:]\s*$/u, '');

function cardFor(fact: Fact, lang: CourseLanguage): Flashcard | null {
  const m = quizMessages(lang);
  switch (fact.type) {
    case 'definition': {
      if (fact.statement) return card('qa', m.cardStatement(fact.term), fact.sentence.text, [fact.sentence]);
      const formula = fact.formula?.role === 'formula' ? fact.formula : null;
      // A back that only restates its front ("La photosynthèse est la photosynthèse des plantes.") defines nothing.
      if (!definesFront(fact.term, fact.sentence.text, lang)) return null;
      const back = formula ? `${fact.sentence.text} — ${formula.text}` : fact.sentence.text;
      return card('term', capitalize(fact.term), back, formula ? [fact.sentence, formula] : [fact.sentence]);
    }
    case 'formula': {
      if (fact.chemical && !fact.name) return null;
      const front = fact.chemical ? m.equationOf(fact.name) : fact.statement ? m.relationFor(fact.statement) : m.cardFormula(fact.name, fact.lhs);
      // A relation asked by what it expresses is backed by the sentence that says so.
      const said = fact.statement ? [fact.sentence.text] : [];
      const back = [fact.written, ...said, ...(fact.symbolNames ? [fact.symbolNames.text] : [])].join(' — ');
      return card('qa', front, back, fact.support);
    }
    case 'steps':
      return card('qa', m.cardSteps(fact.title), fact.steps.map((s) => s.text).join('\n'), fact.steps);
    case 'date': {
      const front = fact.event ? m.cardDate(fact.form, withoutStop(fact.event)) : m.cardCloze(fact.cloze);
      return card('qa', front, `${fact.date.text} — ${fact.sentence.text}`, [fact.sentence]);
    }
    case 'person':
      return card('qa', m.cardCloze(fact.cloze), `${fact.name} — ${fact.sentence.text}`, [fact.sentence]);
    case 'number':
      // A value of a worked example is not something to learn by heart.
      return fact.example ? null : card('qa', m.cardCloze(fact.cloze), `${fact.written} — ${fact.sentence.text}`, [fact.sentence]);
    default:
      return null;
  }
}
