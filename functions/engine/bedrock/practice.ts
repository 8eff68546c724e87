// Practice with the `bedrock` engine: quiz questions, the grading of open answers and flashcards,
// written by the model from the student's pages and checked before a student sees them, as
// answers and sheets are (index.ts). A quiz question is asked of one file's pages, spread over the
// file and, while there are some, only pages no earlier question of the session came from; it must
// cite a page it was given, an MCQ's four options must differ and the right one must be printed on
// the cited page, and a fact already asked is refused (one more try, told so, then a failure).
// Questions of one type also come in a batch: one call on the same pages, listing them, each
// checked as above on its own and dropped when refused (a batch with none left is a failure).
// A grading reads the question, its rubric, the cited pages and the student's answer fenced as
// data; a deck keeps the cited cards with new fronts and fails when fewer than half are left.
// Each request fits the token budget; throttling is retried within the time budget (converse.ts).
import { EngineError } from '../errors.js';
import {
  evaluationSchema,
  flashcardSchema,
  quizQuestionSchema,
  type CourseLanguage,
  type Evaluation,
  type Flashcard,
  type QuizQuestion,
} from '../../core/artefacts.js';
import {
  type EvaluationRequest,
  type FlashcardsRequest,
  type PracticeEngine,
  type QuizRequest,
} from '../types.js';
import { cutText, DEFAULT_INPUT_TOKEN_BUDGET, estimateTokens, operationBudget, selectSheetPages, type SuppliedPassage } from './budget.js';
import { Generation, type GenerationFacts, type GenerationOptions, type GenerationTask } from './generation.js';
import { Grounding, SuppliedPages } from './grounding.js';
import { frontKey } from '../../core/cards.js';
import { DECK_SIZE } from '../../core/limits.js';
import { AskedFacts, answerTag, distinctOptions, factKey, shuffleOptions, textContains, textsByPage } from './practice-checks.js';
import {
  evaluationSystemPrompt,
  evaluationUserMessage,
  flashcardsSystemPrompt,
  flashcardsUserMessage,
  quizSystemPrompt,
  quizUserMessage,
} from './practice-prompts.js';
import {
  evaluationOutputSchema,
  evaluationTool,
  flashcardsTool,
  mcqBatchTool,
  mcqOutputSchema,
  mcqTool,
  openBatchTool,
  openOutputSchema,
  openTool,
  quizBatchOutputSchema,
} from './practice-schemas.js';
import { passageTokens } from './prompts.js';
import { toolTokens } from './schemas.js';

export type PracticeTask = Exclude<GenerationTask, 'answer' | 'sheet' | 'podcast'>;

/** Counts only, never text (the same figures as an answer's or a sheet's GenerationFacts). */
export type PracticeGenerationFacts = GenerationFacts<PracticeTask>;

/** What the practice generators need: the options bedrockEngine receives (index.ts) fit. */
export interface BedrockPracticeOptions extends GenerationOptions<PracticeTask> {
  /** The ceiling of a request's input; each operation's own budget (budget.ts) stays under it. */
  inputTokenBudget?: number;
  /** Most output tokens of a quiz question, of a grading, and of a deck of 40 cards (smaller decks get less). */
  practiceOutputTokens?: { quizQuestion?: number; evaluation?: number; flashcards?: number };
}

/** A question with four options, its explanation and one citation is 200 to 400 tokens; a grading 200 to 500. */
const QUIZ_OUTPUT_TOKENS = 1_000;
/** Output tokens each further question of a batch adds (a question is 200 to 400). */
const TOKENS_PER_QUIZ_ITEM = 600;
const EVALUATION_OUTPUT_TOKENS = 1_000;
const FLASHCARDS_OUTPUT_TOKENS = 6_000;
/** Output tokens a deck needs: a card with its citation is about a hundred. */
const TOKENS_PER_CARD = 130;
const MAX_CARDS = 40;
/** The student's answer is read up to this length (the API accepts 5,000 characters). */
export const ANSWER_CHARS = 5_000;
const QUESTION_CHARS = 2_000;
const RUBRIC_POINT_CHARS = 500;
/** Share of the input budget the lists of facts already asked or cards already held may take. */
const EXCLUSION_SHARE = 0.2;
const EXCLUSION_LINE_CHARS = 150;
/** Room kept in a quiz request for the retry's note about a repeated fact. */
const RETRY_NOTE_TOKENS = 120;

/** The first lines that fit in `tokens`, each cut to a line's length. */
function fitLines(lines: readonly string[], tokens: number): string[] {
  const out: string[] = [];
  let left = tokens;
  for (const line of lines) {
    const cut = cutText(line, EXCLUSION_LINE_CHARS);
    const size = estimateTokens(`- ${cut}\n`);
    if (!cut || size > left) break;
    out.push(cut);
    left -= size;
  }
  return out;
}

/** A checked question before its key and option order are fixed. */
interface Drafted {
  fact: string;
  /** The page the fact was found on (the key's page). */
  page: number;
  question: Omit<QuizQuestion, 'fact_key' | 'type' | 'difficulty'>;
}

export function bedrockPractice(options: BedrockPracticeOptions): PracticeEngine {
  // Long because: it is the practice engine's three calls (quiz question, evaluation, flashcards)
  // over the one token budget and output settings it closes over; each call is short on its own.
  const ceiling = options.inputTokenBudget ?? DEFAULT_INPUT_TOKEN_BUDGET;
  const outputs = options.practiceOutputTokens ?? {};

  /** An MCQ as the model wrote it, held to the pages sent: cited, four different options, the right one on its page. */
  function draftMcq(gen: Generation<'quiz_question'>, raw: unknown, grounding: Grounding, texts: Map<string, string[]>, language: CourseLanguage): Drafted {
    const grounded = grounding.item(raw);
    const q = gen.parse(mcqOutputSchema, grounded ?? raw, 'question');
    if (!grounded) throw gen.fail('invalid_output', `No citation of the question names a page it was given (${grounding.tally.dropped} dropped)`);
    if (!distinctOptions(q.options)) throw gen.fail('invalid_output', 'The question does not have four distinct options');
    const right = q.options[q.correct_index];
    const support = q.citations.find((c) => (texts.get(`${c.file_id}#${c.page}`) ?? []).some((t) => textContains(t, right, language)));
    if (!support) throw gen.fail('invalid_output', `The right option is not on the page(s) the question cites (${q.citations.length} citation(s))`);
    const { fact_key: fact, ...question } = q;
    return { fact, page: support.page, question };
  }

  function draftOpen(gen: Generation<'quiz_question'>, raw: unknown, grounding: Grounding): Drafted {
    const grounded = grounding.item(raw);
    const q = gen.parse(openOutputSchema, grounded ?? raw, 'question');
    if (!grounded) throw gen.fail('invalid_output', `No citation of the question names a page it was given (${grounding.tally.dropped} dropped)`);
    const { fact_key: fact, ...question } = q;
    return { fact, page: q.citations[0].page, question };
  }

  /**
   * What a quiz request of `count` questions sends (one question: its own tool; more: the list's):
   * the file's pages no fact was asked from while there are some, within the quiz budget with the
   * prompt, the tool and the list of facts asked. EngineError('exhausted') when no page is left.
   */
  function quizRequest(request: QuizRequest, count: number) {
    const { course, fileId, type, difficulty, level } = request;
    const language = course.language;
    const filePages = course.pages.filter((p) => p.file_id === fileId && p.text.trim().length > 0);
    const asked = new AskedFacts(request.exclude, fileId, language);
    const left = asked.pagesLeft(filePages);
    if (left.length === 0) {
      throw new EngineError('exhausted', `No fact left to ask in file ${fileId}: ${filePages.length} page(s), ${request.exclude.length} fact(s) asked`);
    }

    const tool = count > 1 ? (type === 'mcq' ? mcqBatchTool : openBatchTool) : type === 'mcq' ? mcqTool : openTool;
    const system = quizSystemPrompt({ language, level, toolName: tool.name, type, difficulty, count });
    const budget = operationBudget('quiz_question', ceiling);
    const askedLines = fitLines(asked.lines, budget * EXCLUSION_SHARE);
    const message = (passages: readonly SuppliedPassage[], repeated: string[]) =>
      quizUserMessage({ subjectName: course.subjectName, fileName: filePages[0].file_name, passages, asked: askedLines, type, difficulty, repeated, count });
    const fixed = estimateTokens(system) + toolTokens(tool) + estimateTokens(message([], [])) + RETRY_NOTE_TOKENS;
    const passages = selectSheetPages(left, budget - fixed, passageTokens);
    if (passages.length === 0) throw new EngineError('invalid_output', 'No room left in the input budget for a page of the file');
    const maxTokens = (outputs.quizQuestion ?? QUIZ_OUTPUT_TOKENS) + TOKENS_PER_QUIZ_ITEM * (count - 1);
    const prep = {
      language,
      asked,
      passages,
      pages: new SuppliedPages(passages),
      texts: textsByPage(passages),
      call: (repeated: string[]) => ({ system, messages: [{ role: 'user' as const, text: message(passages, repeated) }], tool, maxTokens, temperature: 0.4 }),
    };
    return { gen: new Generation(options, 'quiz_question'), prep };
  }

  /** The checked question with its key, its options in their fixed order, validated by the shared schema. */
  function finished(gen: Generation<'quiz_question'>, request: QuizRequest, drafted: Drafted): QuizQuestion {
    const { type, difficulty } = request;
    const key = factKey(request.fileId, drafted.page, drafted.fact);
    const { options: choices, correct_index: correct, ...rest } = drafted.question;
    const order = choices && correct !== undefined ? shuffleOptions(choices, correct, key) : undefined;
    return gen.parse(
      quizQuestionSchema,
      { type, difficulty, fact_key: key, ...rest, ...(order ? { options: order.options, correct_index: order.correctIndex } : {}) },
      'question',
    );
  }

  const engine: PracticeEngine = {
    async quizQuestion(request: QuizRequest): Promise<QuizQuestion> {
      const { gen, prep } = quizRequest(request, 1);
      const repeated: string[] = [];
      // A fact already asked gets one more try, the model told which; a second repeat is a failure.
      for (let round = 0; round < 2; round++) {
        const input = await gen.call(prep.call(repeated));
        const grounding = new Grounding(prep.pages, prep.language);
        const drafted = request.type === 'mcq' ? draftMcq(gen, input, grounding, prep.texts, prep.language) : draftOpen(gen, input, grounding);
        if (prep.asked.has(drafted.fact)) {
          repeated.push(drafted.fact);
          continue;
        }
        const question = finished(gen, request, drafted);
        gen.done(prep.passages.length, grounding.tally);
        return question;
      }
      throw gen.fail('invalid_output', `The model asked twice about a fact the session had already asked (${repeated.length} repeat(s))`);
    },

    async quizQuestions(request: QuizRequest, count: number): Promise<QuizQuestion[]> {
      const wanted = Math.max(1, Math.floor(count) || 1);
      if (wanted === 1) return [await engine.quizQuestion(request)];
      const { gen, prep } = quizRequest(request, wanted);
      const repeated: string[] = [];
      let refused = '';
      // Every question of the list is checked on its own; those refused are dropped. A list left
      // empty by facts already asked gets one more try, the model told which; else it is a failure.
      for (let round = 0; round < 2; round++) {
        const raw = await gen.call(prep.call(repeated));
        const listed = gen.parse(quizBatchOutputSchema, raw, 'questions').questions;
        const grounding = new Grounding(prep.pages, prep.language);
        const kept: QuizQuestion[] = [];
        const repeats: string[] = [];
        for (const item of listed) {
          let drafted: Drafted;
          try {
            drafted = request.type === 'mcq' ? draftMcq(gen, item, grounding, prep.texts, prep.language) : draftOpen(gen, item, grounding);
          } catch (err) {
            if (!(err instanceof EngineError)) throw err;
            refused = err.message;
            continue;
          }
          if (prep.asked.has(drafted.fact)) {
            repeats.push(drafted.fact);
            continue;
          }
          // Two questions of the list on one fact: the second is dropped.
          const taken = new AskedFacts([...request.exclude, ...kept.map((q) => q.fact_key)], request.fileId, prep.language);
          if (kept.length > 0 && taken.has(drafted.fact)) continue;
          kept.push(finished(gen, request, drafted));
          if (kept.length === wanted) break;
        }
        if (kept.length > 0) {
          gen.done(prep.passages.length, grounding.tally);
          return kept;
        }
        if (repeats.length === 0) break;
        repeated.push(...repeats);
      }
      throw gen.fail('invalid_output', repeated.length > 0 ? `Every question of the list asked about a fact the session had already asked (${repeated.length} repeat(s))` : `No question of the list could be kept: ${refused}`);
    },

    async evaluate(request: EvaluationRequest): Promise<Evaluation> {
      const { course, question, level } = request;
      const language = course.language;
      const rubric = question.rubric ?? {
        key_points: [question.options?.[question.correct_index ?? 0] ?? question.explanation],
        model_answer: question.explanation,
      };
      const answer = cutText(request.answer, ANSWER_CHARS);
      const tag = answerTag(answer);
      const system = evaluationSystemPrompt({ language, level, toolName: evaluationTool.name, answerTag: tag });
      const message = (passages: readonly SuppliedPassage[]) =>
        evaluationUserMessage({
          subjectName: course.subjectName,
          passages,
          question: cutText(question.question, QUESTION_CHARS),
          keyPoints: rubric.key_points.map((k) => cutText(k, RUBRIC_POINT_CHARS)),
          modelAnswer: cutText(rubric.model_answer, QUESTION_CHARS),
          answer,
          answerTag: tag,
        });
      const budget = operationBudget('evaluation', ceiling);
      const fixed = estimateTokens(system) + toolTokens(evaluationTool) + estimateTokens(message([]));
      const cited = new Set(question.citations.map((c) => `${c.file_id}#${c.page}`));
      const citedPages = course.pages.filter((p) => cited.has(`${p.file_id}#${p.page}`));
      const passages = selectSheetPages(citedPages, budget - fixed, passageTokens);

      const gen = new Generation(options, 'evaluation');
      const raw = await gen.call({
        system,
        messages: [{ role: 'user', text: message(passages) }],
        tool: evaluationTool,
        maxTokens: outputs.evaluation ?? EVALUATION_OUTPUT_TOKENS,
        temperature: 0,
      });
      const grounding = new Grounding(new SuppliedPages(passages), language);
      const isObject = typeof raw === 'object' && raw !== null && !Array.isArray(raw);
      const out = gen.parse(
        evaluationOutputSchema,
        isObject ? { ...raw, further_study: grounding.items((raw as { further_study?: unknown }).further_study) } : raw,
        'evaluation',
      );
      const evaluation = gen.parse(
        evaluationSchema,
        { ...out, score: Math.round(out.score), key_points: rubric.key_points, model_answer: rubric.model_answer },
        'evaluation',
      );
      gen.done(passages.length, grounding.tally);
      return evaluation;
    },

    async flashcards(request: FlashcardsRequest): Promise<Flashcard[]> {
      const { course, level } = request;
      const language = course.language;
      const count = Math.min(MAX_CARDS, Math.max(1, Math.round(request.count) || DECK_SIZE.default));
      const system = flashcardsSystemPrompt({ language, level, toolName: flashcardsTool.name, count });
      const budget = operationBudget('flashcards', ceiling);
      const existing = fitLines(request.exclude, budget * EXCLUSION_SHARE);
      const message = (passages: readonly SuppliedPassage[]) => flashcardsUserMessage({ subjectName: course.subjectName, passages, existing, count });
      const fixed = estimateTokens(system) + toolTokens(flashcardsTool) + estimateTokens(message([]));
      const pages = request.fileId ? course.pages.filter((p) => p.file_id === request.fileId) : course.pages;
      const passages = selectSheetPages(pages, budget - fixed, passageTokens);
      if (passages.length === 0) throw new EngineError('invalid_output', 'The course has no page text to write flashcards from');

      const gen = new Generation(options, 'flashcards');
      const raw = await gen.call({
        system,
        messages: [{ role: 'user', text: message(passages) }],
        tool: flashcardsTool,
        maxTokens: Math.min(outputs.flashcards ?? FLASHCARDS_OUTPUT_TOKENS, 500 + TOKENS_PER_CARD * count),
        temperature: 0.3,
      });
      const listed = typeof raw === 'object' && raw !== null ? (raw as { cards?: unknown }).cards : undefined;
      if (!Array.isArray(listed)) throw gen.fail('invalid_output', 'The flashcards did not match their schema at cards');

      const grounding = new Grounding(new SuppliedPages(passages), language);
      const seen = new Set(request.exclude.map(frontKey));
      const cards: Flashcard[] = [];
      for (const item of grounding.items(listed) as unknown[]) {
        const card = flashcardSchema.safeParse(item);
        if (!card.success) continue;
        const front = frontKey(card.data.front);
        if (!front || seen.has(front)) continue;
        seen.add(front);
        cards.push(card.data);
        if (cards.length === count) break;
      }
      if (cards.length < Math.ceil(count / 2)) {
        throw gen.fail('invalid_output', `Only ${cards.length} of ${count} flashcards were cited and new (${listed.length} written)`);
      }
      gen.done(passages.length, grounding.tally);
      return cards;
    },
  };
  return engine;
}
