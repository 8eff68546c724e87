// The `bedrock` study engine: answers and revision sheets written by a model on Amazon Bedrock
// (Converse API), grounded in the student's pages. Each request carries only what the token
// budget allows (the best retrieved passages for an answer, pages spread over the document for a
// sheet), asks for the app's own schema through a forced tool call, and what comes back is
// checked: citations must name supplied pages, calculations are recomputed, the result is
// validated by the zod schemas. Anything unusable is an EngineError, never a half-answer.
import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { ZodError } from 'zod';
import { EngineError } from '../errors.js';
import {
  answerSchema,
  sheetSchema,
  type Answer,
  type AnswerMode,
  type AnswerRequest,
  type CourseLanguage,
  type Passage,
  type Sheet,
  type SheetRequest,
  type StudyEngine,
} from '../types.js';
import { estimateTokens, selectAnswerPassages, selectSheetPages, type SuppliedPassage } from './budget.js';
import { callTool, defaultRetry, type RetryPolicy, type ToolCall } from './converse.js';
import { Grounding, SuppliedPages, type GroundingTally } from './grounding.js';
import {
  answerSystemPrompt,
  answerUserMessage,
  notFoundMessages,
  passageBlock,
  sheetSystemPrompt,
  sheetUserMessage,
} from './prompts.js';
import { answerOutputSchema, answerTool, sheetOutputSchema, sheetTool, type ToolDefinition } from './schemas.js';
import { bedrockPractice, type PracticeTask } from './practice.js';

export { EngineError } from '../errors.js';
export { estimateTokens } from './budget.js';

/** Input tokens per request unless configured: room for ~35 passages with a short history. */
export const DEFAULT_INPUT_TOKEN_BUDGET = 12_000;
/** The API function has 29 s; this leaves time to store the result. */
export const DEFAULT_TIME_BUDGET_MS = 25_000;
/** What the model service adds to the prompt to describe a forced tool (measured order of size). */
const TOOL_USE_OVERHEAD_TOKENS = 350;
/** Passages asked of retrieval; the budget decides how many are sent. */
const SEARCH_LIMIT = 40;
/** Earlier turns sent with a follow-up question, and how much of each. */
const HISTORY_TURNS = 3;
const HISTORY_QUESTION_CHARS = 500;
const HISTORY_ANSWER_CHARS = 1_500;
const QUESTION_CHARS = 4_000;

export interface GenerationFacts {
  task: 'answer' | 'sheet' | PracticeTask;
  modelId: string;
  attempts: number;
  passages: number;
  estimatedInputTokens: number;
  inputTokens: number;
  outputTokens: number;
  latencyMs: number;
  citations: GroundingTally;
}

export interface BedrockEngineOptions {
  client: BedrockRuntimeClient;
  /** A model id or inference profile id (e.g. `eu.anthropic.claude-haiku-4-5-20251001-v1:0`). */
  modelId: string;
  /** Most input tokens a request may carry: prompts, tool schema, history, question and passages. */
  inputTokenBudget?: number;
  /** Most output tokens of an answer and of a sheet. */
  maxOutputTokens?: { answer: number; sheet: number };
  retry?: RetryPolicy;
  /** Time for the whole generation, retries included. */
  timeBudgetMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Told about every generation that succeeded (counts only, never text). */
  onGeneration?: (facts: GenerationFacts) => void;
}

const cost = (p: SuppliedPassage): number => estimateTokens(`${passageBlock(p)}\n\n`);

function toolTokens(tool: ToolDefinition): number {
  return estimateTokens(JSON.stringify(tool.inputSchema)) + estimateTokens(tool.description) + TOOL_USE_OVERHEAD_TOKENS;
}

function issuesOf(error: ZodError): string {
  return [...new Set(error.issues.map((i) => i.path.join('.') || '(root)'))].slice(0, 5).join(', ');
}

function cut(text: string, max: number): string {
  const t = text.trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t || '…';
}

function notFound(mode: AnswerMode, language: CourseLanguage, message?: string): Answer {
  return { mode, language, found: false, not_found_message: message?.trim() || notFoundMessages[language], blocks: [] };
}

/** Passages for the question, then for the question read with the previous one (follow-ups). */
function retrieve(request: AnswerRequest): Passage[] {
  const found = request.course.search(request.question, SEARCH_LIMIT);
  const previous = request.history?.at(-1)?.question;
  if (!previous) return found;
  return [...found, ...request.course.search(`${previous} ${request.question}`, SEARCH_LIMIT)];
}

export function bedrockEngine(options: BedrockEngineOptions): StudyEngine {
  const budget = options.inputTokenBudget ?? DEFAULT_INPUT_TOKEN_BUDGET;
  const maxOutput = options.maxOutputTokens ?? { answer: 3_000, sheet: 4_000 };
  const retry = options.retry ?? defaultRetry;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  async function run(call: ToolCall) {
    return callTool(options.client, call, { retry, sleep, deadline: Date.now() + (options.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS) });
  }

  function estimateCall(call: ToolCall): number {
    return estimateTokens(call.system) + call.messages.reduce((sum, m) => sum + estimateTokens(m.text), 0) + toolTokens(call.tool);
  }

  return {
    name: 'bedrock',
    ...bedrockPractice(options),

    async answer(request) {
      const { course, mode, level } = request;
      const language = course.language;
      const question = cut(request.question, QUESTION_CHARS);
      const system = answerSystemPrompt({ language, level, mode, toolName: answerTool.name });
      let history = (request.history ?? []).slice(-HISTORY_TURNS).flatMap((turn) => [
        { role: 'user' as const, text: cut(turn.question, HISTORY_QUESTION_CHARS) },
        { role: 'assistant' as const, text: cut(turn.answer, HISTORY_ANSWER_CHARS) },
      ]);
      const fixed = () =>
        estimateTokens(system) + toolTokens(answerTool) + estimateTokens(answerUserMessage(course.subjectName, [], question)) +
        history.reduce((sum, m) => sum + estimateTokens(m.text), 0);
      // Passages matter more than old turns: drop the oldest while they take over half the budget.
      while (history.length > 0 && fixed() > budget / 2) history = history.slice(2);

      const passages = selectAnswerPassages(retrieve(request), budget - fixed(), cost);
      if (passages.length === 0) return notFound(mode, language);

      const call: ToolCall = {
        modelId: options.modelId,
        system,
        messages: [...history, { role: 'user', text: answerUserMessage(course.subjectName, passages, question) }],
        tool: answerTool,
        maxTokens: maxOutput.answer,
        temperature: 0.2,
      };
      const result = await run(call);
      const grounding = new Grounding(new SuppliedPages(passages), language);
      const parsed = answerOutputSchema.safeParse(grounding.answer(result.input));
      if (!parsed.success) {
        throw new EngineError('invalid_output', `The answer did not match its schema at ${issuesOf(parsed.error)}`, { attempts: result.attempts });
      }
      const out = parsed.data;
      if (!out.found) return notFound(mode, language, out.not_found_message);
      if (out.blocks.length === 0) {
        throw new EngineError('invalid_output', `No block of the answer cites a page it was given (${grounding.tally.dropped} citation(s) dropped)`, {
          attempts: result.attempts,
        });
      }
      options.onGeneration?.({
        task: 'answer',
        modelId: options.modelId,
        attempts: result.attempts,
        passages: passages.length,
        estimatedInputTokens: estimateCall(call),
        ...result.usage,
        latencyMs: result.latencyMs,
        citations: grounding.tally,
      });
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
      const passages = selectSheetPages(pages, budget - fixed, cost);
      if (passages.length === 0) throw new EngineError('invalid_output', 'The course has no page text to write a sheet from');

      const call: ToolCall = {
        modelId: options.modelId,
        system,
        messages: [{ role: 'user', text: sheetUserMessage(course.subjectName, passages) }],
        tool: sheetTool,
        maxTokens: maxOutput.sheet,
        temperature: 0.2,
      };
      const result = await run(call);
      const grounding = new Grounding(new SuppliedPages(passages), language);
      const parsed = sheetOutputSchema.safeParse(grounding.sheet(result.input));
      if (!parsed.success) {
        throw new EngineError('invalid_output', `The sheet did not match its schema at ${issuesOf(parsed.error)}`, { attempts: result.attempts });
      }
      const out = parsed.data;
      const lines = out.sections.reduce((n, s) => n + s.lines.length, 0) + out.definitions.length + out.formulas.length + out.key_dates.length + out.key_points.length;
      if (lines === 0) {
        throw new EngineError('invalid_output', `No line of the sheet cites a page it was given (${grounding.tally.dropped} citation(s) dropped)`, {
          attempts: result.attempts,
        });
      }
      options.onGeneration?.({
        task: 'sheet',
        modelId: options.modelId,
        attempts: result.attempts,
        passages: passages.length,
        estimatedInputTokens: estimateCall(call),
        ...result.usage,
        latencyMs: result.latencyMs,
        citations: grounding.tally,
      });
      return sheetSchema.parse({ ...out, language });
    },
  };
}
