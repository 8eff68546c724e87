// The tools the model is made to call: their input schemas are the engine's own zod schemas
// (functions/engine/types.ts) turned into JSON Schema, so the model is asked for exactly the shape
// the app validates. Fields the request already decides (the mode, the course's language) are left
// out and filled in by the engine rather than trusted to the model.
import { z } from 'zod';
import { answerSchema, sheetSchema } from '../../core/artefacts.js';
import { estimateTokens } from './budget.js';

/** What the model returns for an answer; `mode` and `language` come from the request. */
export const answerOutputSchema = answerSchema.omit({ mode: true, language: true });
export type AnswerOutput = z.infer<typeof answerOutputSchema>;

/** What the model returns for a sheet; `language` comes from the course. */
export const sheetOutputSchema = sheetSchema.omit({ language: true });
export type SheetOutput = z.infer<typeof sheetOutputSchema>;

export interface ToolDefinition {
  name: string;
  description: string;
  /** JSON Schema (draft 7) of the tool's input. */
  inputSchema: Record<string, unknown>;
}

/** What the model service adds to the prompt to describe a forced tool (measured order of size). */
export const TOOL_USE_OVERHEAD_TOKENS = 350;

/** The input tokens a forced tool costs: its schema, its description and the service's wrapping. */
export function toolTokens(tool: ToolDefinition): number {
  return estimateTokens(JSON.stringify(tool.inputSchema)) + estimateTokens(tool.description) + TOOL_USE_OVERHEAD_TOKENS;
}

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Drops what only costs tokens: the `$schema` marker and zod's "safe integer" upper bounds. */
function trimmed(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(trimmed);
  if (value === null || typeof value !== 'object') return value;
  const out: { [key: string]: JsonValue } = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === '$schema') continue;
    if (key === 'maximum' && inner === Number.MAX_SAFE_INTEGER) continue;
    out[key] = trimmed(inner);
  }
  return out;
}

export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  return trimmed(z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }) as JsonValue) as Record<string, unknown>;
}

export const answerTool: ToolDefinition = {
  name: 'record_answer',
  description:
    'Records the answer to the student\'s question. found: whether the passages contain the answer. ' +
    'blocks: the answer in reading order, each citing the passages it rests on (file_id, file_name, page copied from the passage header; quote copied word for word, optional). ' +
    'not_found_message: when found is false, the sentence saying the course does not contain the answer. ' +
    'exercise: in exercise mode only, the worked solution.',
  inputSchema: jsonSchemaOf(answerOutputSchema),
};

/**
 * The answer's tool outside exercise mode: the same, without `exercise`, whose schema is four
 * fifths of the tool's (about 760 tokens a call that no other mode fills).
 */
export const answerToolWithoutExercise: ToolDefinition = {
  name: answerTool.name,
  description:
    'Records the answer to the student\'s question. found: whether the passages contain the answer. ' +
    'blocks: the answer in reading order, each citing the passages it rests on (file_id, file_name, page copied from the passage header; quote copied word for word, optional). ' +
    'not_found_message: when found is false, the sentence saying the course does not contain the answer.',
  inputSchema: jsonSchemaOf(answerOutputSchema.omit({ exercise: true })),
};

export const sheetTool: ToolDefinition = {
  name: 'record_sheet',
  description:
    'Records the revision sheet of the course excerpts: a title, sections (a heading and its lines) following the course\'s structure, ' +
    'then definitions, formulas, key dates and key points. Every line cites the excerpts it rests on (file_id, file_name, page copied from the excerpt header).',
  inputSchema: jsonSchemaOf(sheetOutputSchema),
};
