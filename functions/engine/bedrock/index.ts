// The `bedrock` study engine: answers and revision sheets written by a model on Amazon Bedrock
// (Converse API), grounded in the student's pages. Each request carries only what the token
// budget allows (the best retrieved passages for an answer, pages spread over the document for a
// sheet), asks for the app's own schema through a forced tool call, and what comes back is
// checked: citations must name supplied pages, calculations are recomputed, the result is
// validated by the zod schemas. Anything unusable is an EngineError, never a half-answer.
import { EngineError } from '../errors.js';
import {
  answerSchema,
  sheetSchema,
  type Answer,
  type AnswerMode,
  type CourseLanguage,
  type Sheet,
} from '../../core/artefacts.js';
import {
  type AnswerRequest,
  type Passage,
  type SheetRequest,
  type StudyEngine,
} from '../types.js';
import { ANSWER_HISTORY_TOKENS, DEFAULT_INPUT_TOKEN_BUDGET, estimateTokens, operationBudget, selectAnswerPassages, selectSheetPages } from './budget.js';
import { Generation, type GenerationOptions, type GenerationTask } from './generation.js';
import { Grounding, SuppliedPages } from './grounding.js';
import {
  answerSystemPrompt,
  answerUserMessage,
  notFoundMessages,
  passageTokens,
  sheetSystemPrompt,
  sheetUserMessage,
} from './prompts.js';
import { answerOutputSchema, answerTool, answerToolWithoutExercise, sheetOutputSchema, sheetTool, toolTokens } from './schemas.js';
import { bedrockPractice } from './practice.js';
import { bedrockCoach } from './coach.js';
import { bedrockPodcastScript } from './podcast.js';

export { EngineError } from '../errors.js';
export { DEFAULT_INPUT_TOKEN_BUDGET, OPERATION_INPUT_TOKENS, estimateTokens } from './budget.js';
export { DEFAULT_TIME_BUDGET_MS } from './converse.js';
export type { GenerationFacts } from './generation.js';

/** Passages asked of retrieval; the budget decides how many are sent. */
const SEARCH_LIMIT = 40;
/** Earlier turns sent with a follow-up question, and how much of each. */
const HISTORY_TURNS = 3;
const HISTORY_QUESTION_CHARS = 500;
const HISTORY_ANSWER_CHARS = 1_500;
const QUESTION_CHARS = 4_000;

export interface BedrockEngineOptions extends GenerationOptions<GenerationTask> {
  /** The ceiling of a request's input (prompts, tool schema, history, question and course): each operation's own budget (budget.ts) stays under it. */
  inputTokenBudget?: number;
  /** Most output tokens of an answer (whatever its mode) and of a sheet; by default each mode has its own cap. */
  maxOutputTokens?: { answer: number; sheet: number };
}

/**
 * Output caps: what each mode asks for with room to spare (a cut output is a failure, never shown).
 * A concise answer is 1 to 3 blocks; a detailed one or an exercise up to 10 blocks with citations.
 */
export const ANSWER_OUTPUT_TOKENS: Record<AnswerMode, number> = {
  concise: 1_000,
  course: 2_000,
  step_by_step: 2_000,
  detailed: 3_000,
  exercise: 3_000,
};
export const SHEET_OUTPUT_TOKENS = 3_500;

function cut(text: string, max: number): string {
  const t = text.trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t || '…';
}

/** Not in the course: the model's sentence, else ours, in the interface's language. */
function notFound(mode: AnswerMode, language: CourseLanguage, ui: CourseLanguage, message?: string): Answer {
  return { mode, language, found: false, not_found_message: message?.trim() || notFoundMessages[ui], blocks: [] };
}

/** Passages for the question, then for the question read with the previous one (follow-ups). */
function retrieve(request: AnswerRequest): Passage[] {
  const found = request.course.search(request.question, SEARCH_LIMIT);
  const previous = request.history?.at(-1)?.question;
  if (!previous) return found;
  return [...found, ...request.course.search(`${previous} ${request.question}`, SEARCH_LIMIT)];
}

export function bedrockEngine(options: BedrockEngineOptions): StudyEngine {
  const ceiling = options.inputTokenBudget ?? DEFAULT_INPUT_TOKEN_BUDGET;
  const maxOutput = options.maxOutputTokens;

  return {
    name: 'bedrock',
    ...bedrockPractice({ ...options, inputTokenBudget: ceiling }),
    coach: bedrockCoach({ ...options, inputTokenBudget: operationBudget('coach', ceiling) }),

    podcastScript: async (request) => bedrockPodcastScript({ ...options, inputTokenBudget: ceiling }, request),

    async answer(request) {
      const { course, mode, level } = request;
      const language = course.language;
      const ui = request.interfaceLanguage ?? language;
      const question = cut(request.question, QUESTION_CHARS);
      // The exercise's schema only where it is filled; the budget keeps the same room for passages.
      const tool = mode === 'exercise' ? answerTool : answerToolWithoutExercise;
      const schemaRoom = mode === 'exercise' ? 0 : toolTokens(answerTool) - toolTokens(answerToolWithoutExercise);
      const system = answerSystemPrompt({ language, level, mode, toolName: tool.name, interfaceLanguage: ui });
      let history = (request.history ?? []).slice(-HISTORY_TURNS).flatMap((turn) => [
        { role: 'user' as const, text: cut(turn.question, HISTORY_QUESTION_CHARS) },
        { role: 'assistant' as const, text: cut(turn.answer, HISTORY_ANSWER_CHARS) },
      ]);
      const historyTokens = () => history.reduce((sum, m) => sum + estimateTokens(m.text), 0);
      const fixed = () => estimateTokens(system) + toolTokens(tool) + estimateTokens(answerUserMessage(course.subjectName, [], question)) + historyTokens();
      // Earlier turns come on top of the answer's own budget, up to their share; the oldest go first.
      while (history.length > 0 && historyTokens() > ANSWER_HISTORY_TOKENS) history = history.slice(2);
      const budget = Math.min(ceiling, operationBudget('answer', ceiling) - schemaRoom + historyTokens());
      // Passages matter more than old turns: drop the oldest while they take over half the budget.
      while (history.length > 0 && fixed() > budget / 2) history = history.slice(2);

      const passages = selectAnswerPassages(retrieve(request), budget - fixed(), passageTokens);
      if (passages.length === 0) return notFound(mode, language, ui);

      const gen = new Generation(options, 'answer');
      const input = await gen.call({
        system,
        messages: [...history, { role: 'user', text: answerUserMessage(course.subjectName, passages, question) }],
        tool,
        maxTokens: maxOutput?.answer ?? ANSWER_OUTPUT_TOKENS[mode],
        temperature: 0.2,
      });
      const grounding = new Grounding(new SuppliedPages(passages), language);
      const out = gen.parse(answerOutputSchema, grounding.answer(input), 'answer');
      if (!out.found) return notFound(mode, language, ui, out.not_found_message);
      if (out.blocks.length === 0) {
        throw gen.fail('invalid_output', `No block of the answer cites a page it was given (${grounding.tally.dropped} citation(s) dropped)`);
      }
      gen.done(passages.length, grounding.tally);
      return answerSchema.parse({
        mode,
        language,
        found: true,
        blocks: out.blocks,
        ...(mode === 'exercise' && out.exercise ? { exercise: out.exercise } : {}),
      });
    },

    async sheet(request: SheetRequest): Promise<Sheet> {
      const { course, level } = request;
      const language = course.language;
      const system = sheetSystemPrompt({ language, level, toolName: sheetTool.name });
      const fixed = estimateTokens(system) + toolTokens(sheetTool) + estimateTokens(sheetUserMessage(course.subjectName, []));
      const pages = request.fileId ? course.pages.filter((p) => p.file_id === request.fileId) : course.pages;
      const passages = selectSheetPages(pages, operationBudget('sheet', ceiling) - fixed, passageTokens);
      if (passages.length === 0) throw new EngineError('invalid_output', 'The course has no page text to write a sheet from');

      const gen = new Generation(options, 'sheet');
      const input = await gen.call({
        system,
        messages: [{ role: 'user', text: sheetUserMessage(course.subjectName, passages) }],
        tool: sheetTool,
        maxTokens: maxOutput?.sheet ?? SHEET_OUTPUT_TOKENS,
        temperature: 0.2,
      });
      const grounding = new Grounding(new SuppliedPages(passages), language);
      const out = gen.parse(sheetOutputSchema, grounding.sheet(input), 'sheet');
      const lines = out.sections.reduce((n, s) => n + s.lines.length, 0) + out.definitions.length + out.formulas.length + out.key_dates.length + out.key_points.length;
      if (lines === 0) {
        throw gen.fail('invalid_output', `No line of the sheet cites a page it was given (${grounding.tally.dropped} citation(s) dropped)`);
      }
      gen.done(passages.length, grounding.tally);
      return sheetSchema.parse({ ...out, language });
    },
  };
}
