// Quiz questions from one file of the course: a multiple-choice question on a fact of the file
// (what a term means, which term is defined so, a formula, a date, a value, a person), with three
// distractors of the same kind, or an open question with its rubric. Facts are taken in an order
// that mixes their kinds and suits the difficulty — easy questions start with the course's
// headline terms, hard ones with values, dates, formulas and rarer terms — and a fact asked in
// the session is never asked again (nor twice in one batch); when none is left, EngineError('exhausted'). Options are
// shuffled with a seed drawn from the fact's key, so the same fact always gives the same order.
import type { EducationLevel } from '../../core/profile.js';
import { EngineError } from '../errors.js';
import { quizQuestionSchema, type CourseLanguage, type FactKind, type QuizDifficulty, type QuizQuestion, type QuizType } from '../../core/artefacts.js';
import { type QuizRequest } from '../types.js';
import type { SentenceInfo } from './analysis.js';
import { citeAll, quoteOf } from './citations.js';
import {
  dateDistractors,
  definitionDistractors,
  DISTRACTOR_COUNT,
  formulaDistractors,
  numberDistractors,
  personDistractors,
  termDistractors,
  type Guard,
} from './distractors.js';
import { quizMessages } from './quiz-messages.js';
import { capitalize, courseFacts, fold, type CourseFacts, type DefinitionFact, type Fact, type FactType } from './quiz-facts.js';
import { courseTerms, keyTermFacts } from './quiz-keyterms.js';
import { definitionRubric, formulaRubric, stepsRubric, type Rubric } from './quiz-rubric.js';
import { hash, seededShuffle } from '../text/shuffle.js';

/** The share of each kind of fact in a session, per question type and difficulty. */
const MIX: Record<QuizType, Record<QuizDifficulty, Partial<Record<FactType, number>>>> = {
  mcq: {
    easy: { definition: 0.55, formula: 0.15, date: 0.1, person: 0.1, number: 0.1 },
    // Hard sessions open with values, formulas and dates rather than headline terms.
    hard: { number: 0.25, formula: 0.25, date: 0.2, definition: 0.25, person: 0.05 },
  },
  open: {
    easy: { definition: 0.7, formula: 0.15, steps: 0.15 },
    hard: { definition: 0.4, formula: 0.3, steps: 0.3 },
  },
};

/** Sentences longer than this are kept for the end with a middle-school student. */
const LONG_FOR_COLLEGE = 35;

/** The next question of a session on `req.fileId`, validated against the shared schema. */
export function buildQuizQuestion(req: QuizRequest): QuizQuestion {
  const facts = courseFacts(req.course.pages);
  const excluded = new Set(req.exclude);
  const left = (facts.byFile.get(req.fileId) ?? []).filter((f) => !excluded.has(f.key));
  const lang = req.course.language;
  const tryAll = (list: Fact[]): QuizQuestion | null => {
    for (const fact of list) {
      const question = req.type === 'mcq' ? multipleChoice(fact, facts, req.difficulty, lang) : openQuestion(fact, req.difficulty, req.level, lang);
      const parsed = question ? quizQuestionSchema.safeParse(question) : null;
      if (parsed?.success) return parsed.data;
    }
    return null;
  };
  const question = tryAll(candidates(left, req.type, req.difficulty, req.level, req.exclude));
  if (question) return question;
  // A file that defines few terms in so many words is asked about its key terms, once the rest is done.
  if (req.type === 'mcq') {
    const more = tryAll(ordered(keyTermFacts(facts, req.fileId).filter((f) => !excluded.has(f.key)), req.difficulty, req.level));
    if (more) return more;
  }
  throw new EngineError('exhausted', `no ${req.type} question left in the file (${req.exclude.length} asked)`);
}

/**
 * Up to `count` questions of the session, one after the other as buildQuizQuestion makes them,
 * each one's fact excluded from the next; EngineError('exhausted') only when not even one is left.
 */
export function buildQuizQuestions(req: QuizRequest, count: number): QuizQuestion[] {
  const out: QuizQuestion[] = [];
  const exclude = [...req.exclude];
  while (out.length < Math.max(1, count)) {
    let question: QuizQuestion;
    try {
      question = buildQuizQuestion({ ...req, exclude });
    } catch (err) {
      if (out.length > 0 && err instanceof EngineError && err.kind === 'exhausted') break;
      throw err;
    }
    out.push(question);
    exclude.push(question.fact_key);
  }
  return out;
}

/** Facts in the order to try: the kind the session most lacks first, then the others. */
function candidates(left: Fact[], type: QuizType, difficulty: QuizDifficulty, level: EducationLevel | null, asked: string[]): Fact[] {
  const mix = MIX[type][difficulty];
  const askedOf = (t: FactType) => asked.filter((k) => k.startsWith(`${t}:`)).length;
  const total = asked.length + 1;
  const types = (Object.keys(mix) as FactType[])
    .map((t, order) => ({ t, order, deficit: (mix[t] ?? 0) * total - askedOf(t) }))
    .sort((a, b) => b.deficit - a.deficit || a.order - b.order)
    .map((x) => x.t);
  const out: Fact[] = [];
  for (const t of types) out.push(...ordered(left.filter((f) => f.type === t), difficulty, level));
  return out;
}

/** Easy: the course's headline facts first; hard: the rarer ones. Long sentences last for a middle-school student. */
function ordered(list: Fact[], difficulty: QuizDifficulty, level: EducationLevel | null): Fact[] {
  const long = (f: Fact) => (level === 'college' && f.sentence.wordCount > LONG_FOR_COLLEGE ? 1 : 0);
  return [...list].sort(
    (a, b) =>
      long(a) - long(b) ||
      (difficulty === 'easy' ? b.weight - a.weight : a.weight - b.weight) ||
      a.sentence.index - b.sentence.index,
  );
}

// ---- Multiple choice ----

interface Choice {
  kind: FactKind;
  question: string;
  answer: string;
  distractors: string[];
}

const pools = new WeakMap<CourseFacts, Map<FactType, Fact[]>>();

/** Facts of one type across the subject: where distractors come from. */
function poolOf<T extends Fact>(facts: CourseFacts, type: T['type']): T[] {
  let byType = pools.get(facts);
  if (!byType) {
    byType = new Map();
    for (const f of facts.all) {
      const list = byType.get(f.type);
      if (list) list.push(f);
      else byType.set(f.type, [f]);
    }
    pools.set(facts, byType);
  }
  return (byType.get(type) ?? []) as T[];
}

function guardFor(answer: string, cited: SentenceInfo[], nested: boolean, lang: CourseLanguage): Guard {
  return { answer, lang, quotes: cited.map((s) => fold(quoteOf(s))), nested };
}

const withoutStop = (s: string) => s.replace(/[.;:]\s*$/u, '');

function multipleChoice(fact: Fact, facts: CourseFacts, difficulty: QuizDifficulty, lang: CourseLanguage): QuizQuestion | null {
  const choice = choiceFor(fact, facts, difficulty, lang);
  if (!choice || choice.distractors.length < DISTRACTOR_COUNT) return null;
  const options = seededShuffle([choice.answer, ...choice.distractors], fact.key);
  const main = fact.sentence;
  return {
    type: 'mcq',
    difficulty,
    fact_key: fact.key,
    kind: choice.kind,
    question: choice.question,
    options,
    correct_index: options.indexOf(choice.answer),
    explanation: quizMessages(lang).explanation(main.page.file_name, main.page.page, quoteOf(main)),
    citations: citeAll(fact.support),
  };
}

function choiceFor(fact: Fact, facts: CourseFacts, difficulty: QuizDifficulty, lang: CourseLanguage): Choice | null {
  const m = quizMessages(lang);
  const cited = fact.support;
  switch (fact.type) {
    case 'definition':
      return definitionChoice(fact, facts, difficulty, lang);
    case 'keyterm': {
      const answer = capitalize(fact.term);
      const distractors = termDistractors(fact, poolOf(facts, 'definition'), () => courseTerms(facts), difficulty, guardFor(answer, cited, true, lang));
      return { kind: 'term', question: m.termCloze(fact.cloze), answer, distractors };
    }
    case 'formula': {
      if (fact.chemical && !fact.name) return null;
      const question = fact.chemical
        ? m.equationOf(fact.name)
        : fact.statement
          ? m.relationFor(fact.statement)
          : fact.name
            ? m.formulaOf(fact.name, fact.lhs)
            : m.formulaFor(fact.lhs);
      const answer = fact.written;
      return { kind: 'formula', question, answer, distractors: formulaDistractors(fact, poolOf(facts, 'formula'), difficulty, guardFor(answer, cited, false, lang)) };
    }
    case 'date': {
      const question = fact.event ? m.dateOf(fact.form, withoutStop(fact.event)) : m.dateCloze(fact.cloze);
      const answer = fact.date.text;
      return { kind: 'date', question, answer, distractors: dateDistractors(fact, poolOf(facts, 'date'), difficulty, guardFor(answer, cited, false, lang)) };
    }
    case 'number': {
      const answer = fact.written;
      return { kind: 'number', question: m.numberCloze(fact.cloze), answer, distractors: numberDistractors(fact, poolOf(facts, 'number'), difficulty, guardFor(answer, cited, false, lang)) };
    }
    case 'person': {
      const answer = fact.name;
      return { kind: 'person', question: m.personCloze(fact.cloze), answer, distractors: personDistractors(fact, poolOf(facts, 'person'), difficulty, guardFor(answer, cited, true, lang)) };
    }
    default:
      return null;
  }
}

/**
 * A definition is asked one of two ways (chosen from its key, so a session sees both): which term
 * the course defines so, or what the term means. The other way is used when the first one cannot
 * be built (no definition to quote, too few other terms).
 */
function definitionChoice(fact: DefinitionFact, facts: CourseFacts, difficulty: QuizDifficulty, lang: CourseLanguage): Choice | null {
  const m = quizMessages(lang);
  const pool = poolOf<DefinitionFact>(facts, 'definition');
  const term = capitalize(fact.term);
  const byTerm = (): Choice | null => {
    const question = fact.body && fact.shape === 'np' ? m.termFor(fact.body) : fact.masked ? m.termCloze(fact.masked) : null;
    if (!question) return null;
    return { kind: 'term', question, answer: term, distractors: termDistractors(fact, pool, () => courseTerms(facts), difficulty, guardFor(term, fact.support, true, lang)) };
  };
  const byMeaning = (): Choice | null => {
    if (!fact.body) return null;
    const answer = capitalize(fact.body);
    const question = fact.statement ? m.statementOf(fact.term) : m.meaningOf(fact.term);
    return { kind: 'definition', question, answer, distractors: definitionDistractors(fact, pool, difficulty, guardFor(answer, fact.support, false, lang)) };
  };
  const ways = fact.statement || hash(fact.key) % 2 === 0 ? [byTerm, byMeaning] : [byMeaning, byTerm];
  for (const way of ways) {
    const choice = way();
    if (choice && choice.distractors.length >= DISTRACTOR_COUNT) return choice;
  }
  return null;
}

// ---- Open questions ----

function openQuestion(fact: Fact, difficulty: QuizDifficulty, level: EducationLevel | null, lang: CourseLanguage): QuizQuestion | null {
  const m = quizMessages(lang);
  let rubric: Rubric | null = null;
  let question = '';
  let kind: FactKind = 'definition';
  if (fact.type === 'definition') {
    rubric = definitionRubric(fact, level);
    question = fact.statement ? m.explainStatement(fact.term) : m.explainTerm(fact.term, { example: !!fact.example, formula: !!fact.formula && fact.formula.role === 'formula' });
  } else if (fact.type === 'formula' && !fact.chemical) {
    rubric = formulaRubric(fact, level);
    question = m.explainFormula(fact.written);
    kind = 'formula';
  } else if (fact.type === 'steps') {
    rubric = stepsRubric(fact, level);
    question = m.explainSteps(fact.title);
    kind = 'term';
  }
  if (!rubric) return null;
  const main = rubric.cited[0];
  return {
    type: 'open',
    difficulty,
    fact_key: fact.key,
    kind,
    question,
    rubric: { key_points: rubric.key_points, model_answer: rubric.model_answer },
    explanation: m.explanation(main.page.file_name, main.page.page, quoteOf(main)),
    citations: citeAll(rubric.cited),
  };
}
