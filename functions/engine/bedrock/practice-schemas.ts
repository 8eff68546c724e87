// The tools the model is made to call for practice: a quiz question (one tool per question type,
// so the model is asked for options or a rubric, never both; a batch of them lists that tool's
// input under `questions`), the evaluation of an open answer, and
// a deck of flashcards. Their input schemas are taken from the engine's own zod schemas
// (functions/engine/types.ts); fields the request decides (type, difficulty, the rubric's key
// points and model answer) are left out and filled in by the engine. quizQuestionSchema carries a
// refinement, which zod does not let `.omit()` copy: the tool schemas start from its plain shape,
// and the finished question is validated by the full schema.
import { z } from 'zod';
import { evaluationSchema, flashcardSchema, quizQuestionSchema } from '../../core/artefacts.js';
import { jsonSchemaOf, type ToolDefinition } from './schemas.js';

const question = z.object(quizQuestionSchema.shape);

/** What the model calls the fact it tests; the engine turns it into the stored fact key. */
const factName = z
  .string()
  .min(1)
  .max(200)
  .describe('The fact tested, named in 1 to 6 words of the course (the term, date, quantity, person or formula), without a verb.');

export const mcqOutputSchema = question
  .omit({ type: true, difficulty: true, rubric: true })
  .extend({
    fact_key: factName,
    options: quizQuestionSchema.shape.options.unwrap(),
    correct_index: quizQuestionSchema.shape.correct_index.unwrap(),
  });
export type McqOutput = z.infer<typeof mcqOutputSchema>;

export const openOutputSchema = question
  .omit({ type: true, difficulty: true, options: true, correct_index: true })
  .extend({ fact_key: factName, rubric: quizQuestionSchema.shape.rubric.unwrap() });
export type OpenOutput = z.infer<typeof openOutputSchema>;

/** What the model returns for an evaluation; the key points and model answer are the rubric's. */
export const evaluationOutputSchema = evaluationSchema.omit({ key_points: true, model_answer: true });
export type EvaluationOutput = z.infer<typeof evaluationOutputSchema>;

/** A tool's input must be an object: the cards come in a list under `cards`. */
export const flashcardsOutputSchema = z.object({ cards: z.array(flashcardSchema) });

const citing = 'file_id, file_name and page copied from the excerpt header; quote copied word for word from it';

export const mcqTool: ToolDefinition = {
  name: 'record_mcq',
  description:
    'Records one multiple-choice question on the course excerpts. fact_key: the fact tested, in a few words of the course. kind: what the answer is (term, definition, date, number, person, formula). ' +
    'options: four distinct options of that kind; correct_index: the position (0-3) of the one the cited excerpt states, copied word for word from it. ' +
    `explanation: why it is right, quoting the course. citations: the excerpts stating the answer (${citing}).`,
  inputSchema: jsonSchemaOf(mcqOutputSchema),
};

export const openTool: ToolDefinition = {
  name: 'record_open_question',
  description:
    'Records one open question on the course excerpts. fact_key: the fact tested, in a few words of the course. kind: what the question is about. ' +
    'rubric: the key points a good answer must contain and a model answer, drawn from the cited excerpts. ' +
    `explanation: what the course says, quoting it. citations: the excerpts the answer rests on (${citing}).`,
  inputSchema: jsonSchemaOf(openOutputSchema),
};

/** A batch of questions of one type: a tool's input is an object, the questions come in a list. */
export const quizBatchOutputSchema = z.object({ questions: z.array(z.unknown()).min(1) });

/** The tool of a batch: the list's items are the one-question tool's input. */
function batchTool(name: string, one: ToolDefinition, what: string): ToolDefinition {
  return {
    name,
    description: `Records several ${what} on the course excerpts, each on a different fact, in the list questions. Each item: ${one.description.replace(/^Records one [^.]*\. /, '')}`,
    inputSchema: { type: 'object', properties: { questions: { type: 'array', minItems: 1, items: one.inputSchema } }, required: ['questions'] },
  };
}

export const mcqBatchTool = batchTool('record_mcqs', mcqTool, 'multiple-choice questions');
export const openBatchTool = batchTool('record_open_questions', openTool, 'open questions');

export const evaluationTool: ToolDefinition = {
  name: 'record_evaluation',
  description:
    "Records the grading of the student's answer: score (0-100), strengths, improvements, missing_concepts (the rubric's key points the answer does not cover), " +
    `and further_study: what to reread and why, each line citing the excerpts it points to (${citing}).`,
  inputSchema: jsonSchemaOf(evaluationOutputSchema),
};

export const flashcardsTool: ToolDefinition = {
  name: 'record_flashcards',
  description:
    'Records flashcards on the course excerpts. Each card: kind ("term": front a term, back its definition; "qa": front a short question, back its answer), ' +
    `front and back, and citations: the excerpts the card comes from (${citing}). No two cards have the same front.`,
  inputSchema: jsonSchemaOf(flashcardsOutputSchema),
};
