// The study artefacts every side reads: the shapes of what the engine generates and the server
// keeps and sends (answers, sheets, citations, quiz questions, evaluations, flashcards, the coach's
// replies, podcast scripts) and the lists they choose from (languages, answer modes, quiz types).
// They are zod schemas, so a provider's output is validated before it reaches a student, and the
// handlers, the stores, the engines, the web app and the tests read one definition. The engine's
// requests and provider interfaces stay in functions/engine/types.ts. Pure: no I/O.
import { z } from 'zod';
import { CARD_BACK_MAX, CARD_FRONT_MAX } from './limits.js';

/** The languages a course (and so a generated text) can be in. */
export const courseLanguages = ['fr', 'en'] as const;
export type CourseLanguage = (typeof courseLanguages)[number];

/** The five answer modes: course question, concise, detailed, exercise solution, step by step. */
export const answerModes = ['course', 'concise', 'detailed', 'exercise', 'step_by_step'] as const;
export type AnswerMode = (typeof answerModes)[number];

/** Where a generated item comes from: a page of one of the student's files. */
export const citationSchema = z.object({
  file_id: z.string().min(1),
  /** The file's display name, as the student named it. */
  file_name: z.string(),
  /** 1-based page number. */
  page: z.number().int().min(1),
  /** The supporting sentence, copied from the page (may be shortened with an ellipsis). */
  quote: z.string().max(600).optional(),
});
export type Citation = z.infer<typeof citationSchema>;

/** A line of generated text and the pages it rests on (at least one). */
export const citedTextSchema = z.object({
  text: z.string().min(1),
  citations: z.array(citationSchema).min(1),
});
export type CitedText = z.infer<typeof citedTextSchema>;

/** One block of an answer, in reading order. Text may contain inline LaTeX between `$...$` or `$$...$$`. */
export const answerBlockSchema = z.object({
  kind: z.enum(['paragraph', 'definition', 'formula', 'step', 'point', 'example']),
  text: z.string().min(1),
  citations: z.array(citationSchema).min(1),
});
export type AnswerBlock = z.infer<typeof answerBlockSchema>;

export const calculationSchema = z.object({
  /** What is computed, as written (e.g. `v = d / t = 120 / 2`). */
  expression: z.string().min(1),
  /** The computed value, from a math library, never guessed. */
  result: z.string().min(1),
  citations: z.array(citationSchema).min(1),
});

/** An exercise solution: objective, steps, theorems, formulas, calculations, final answer. */
export const exerciseSolutionSchema = z.object({
  objective: citedTextSchema,
  steps: z.array(citedTextSchema).min(1),
  theorems: z.array(citedTextSchema),
  formulas: z.array(citedTextSchema),
  calculations: z.array(calculationSchema),
  final_answer: citedTextSchema,
});
export type ExerciseSolution = z.infer<typeof exerciseSolutionSchema>;

export const answerSchema = z.object({
  mode: z.enum(answerModes),
  language: z.enum(courseLanguages),
  /** false: the course does not contain the answer; `blocks` then says so (no citations needed). */
  found: z.boolean(),
  /** When not found: the sentence saying so, in the interface's language. */
  not_found_message: z.string().optional(),
  blocks: z.array(answerBlockSchema),
  /** Present in `exercise` mode when found. */
  exercise: exerciseSolutionSchema.optional(),
});
export type Answer = z.infer<typeof answerSchema>;

export const sheetSectionSchema = z.object({
  heading: z.string().min(1),
  lines: z.array(citedTextSchema).min(1),
});

/** A revision sheet: every line cited. */
export const sheetSchema = z.object({
  title: z.string().min(1),
  language: z.enum(courseLanguages),
  sections: z.array(sheetSectionSchema),
  definitions: z.array(citedTextSchema),
  formulas: z.array(citedTextSchema),
  key_dates: z.array(citedTextSchema),
  key_points: z.array(citedTextSchema),
});
export type Sheet = z.infer<typeof sheetSchema>;

// ---- Quizzes, evaluation of open answers, flashcards ----

export const quizTypes = ['mcq', 'open'] as const;
export type QuizType = (typeof quizTypes)[number];
export const quizDifficulties = ['easy', 'hard'] as const;
export type QuizDifficulty = (typeof quizDifficulties)[number];
/** What an MCQ asks about; its distractors are of the same kind. */
export const factKinds = ['term', 'definition', 'date', 'number', 'person', 'formula'] as const;
export type FactKind = (typeof factKinds)[number];

/** A quiz question: mcq or open, easy or hard; every question cites the passage it tests. */
export const quizQuestionSchema = z
  .object({
    type: z.enum(quizTypes),
    difficulty: z.enum(quizDifficulties),
    /** What the question tests (a stable key: the same fact gives the same key, so a session never repeats it). */
    fact_key: z.string().min(1).max(200),
    kind: z.enum(factKinds),
    question: z.string().min(1),
    /** mcq: exactly four distinct options. */
    options: z.array(z.string().min(1)).length(4).optional(),
    /** mcq: index (0–3) of the one option the cited passage supports. */
    correct_index: z.number().int().min(0).max(3).optional(),
    /** open: what a good answer must contain, drawn from the cited passage. */
    rubric: z
      .object({
        key_points: z.array(z.string().min(1)).min(1),
        model_answer: z.string().min(1),
      })
      .optional(),
    /** Why the right answer is right, quoting the course. */
    explanation: z.string().min(1),
    citations: z.array(citationSchema).min(1),
  })
  .superRefine((q, ctx) => {
    if (q.type === 'mcq') {
      if (!q.options || q.correct_index === undefined) ctx.addIssue({ code: 'custom', message: 'an mcq needs options and correct_index' });
      else if (new Set(q.options.map((o) => o.trim().toLowerCase())).size !== 4) ctx.addIssue({ code: 'custom', message: 'mcq options must be distinct' });
    } else if (!q.rubric) ctx.addIssue({ code: 'custom', message: 'an open question needs a rubric' });
  });
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

/** An open answer's evaluation: score, strengths, improvements, missing concepts, further study, key points, model answer. */
export const evaluationSchema = z.object({
  /** 0–100. */
  score: z.number().min(0).max(100),
  strengths: z.array(z.string().min(1)),
  improvements: z.array(z.string().min(1)),
  missing_concepts: z.array(z.string().min(1)),
  /** Which pages to reread, and why. */
  further_study: z.array(citedTextSchema),
  key_points: z.array(z.string().min(1)).min(1),
  model_answer: z.string().min(1),
});
export type Evaluation = z.infer<typeof evaluationSchema>;

export const flashcardKinds = ['term', 'qa'] as const;
export const flashcardSchema = z.object({
  kind: z.enum(flashcardKinds),
  front: z.string().min(1).max(CARD_FRONT_MAX),
  back: z.string().min(1).max(CARD_BACK_MAX),
  citations: z.array(citationSchema).min(1),
});
export type Flashcard = z.infer<typeof flashcardSchema>;

// ---- The coach ----

/**
 * One paragraph of the coach's reply: from the student's record (stating only figures it was
 * given, named in `figures`), from the course (citing the pages it rests on), or a note.
 */
export const coachBlockSchema = z.object({
  kind: z.enum(['record', 'course', 'note']),
  text: z.string().min(1).max(2_000),
  /** Ids of the student's figures the text states. */
  figures: z.array(z.string().min(1)),
  citations: z.array(citationSchema),
});
export type CoachBlock = z.infer<typeof coachBlockSchema>;

export const coachReplySchema = z.object({
  language: z.enum(courseLanguages),
  blocks: z.array(coachBlockSchema).min(1).max(12),
});
export type CoachReply = z.infer<typeof coachReplySchema>;

// ---- Podcasts ----

/** One line of a podcast's dialogue: who says it (0: first voice, 1: second), what, and the pages it rests on. */
export const podcastLineSchema = z.object({
  speaker: z.union([z.literal(0), z.literal(1)]),
  /** Plain text, as it is spoken (never SSML: the speech provider builds and escapes its own markup). */
  text: z.string().min(1).max(1_500),
  citations: z.array(citationSchema).min(1),
});
export type PodcastLine = z.infer<typeof podcastLineSchema>;

/** A podcast's script: an opening, the material in the document's order, recap questions, a closing. */
export const podcastScriptSchema = z.object({
  title: z.string().min(1),
  language: z.enum(courseLanguages),
  segments: z.array(podcastLineSchema).min(3).max(400),
  /** The course holds too little for the chosen length: the episode is shorter than it (never padded). */
  short_course: z.boolean().optional(),
});
export type PodcastScript = z.infer<typeof podcastScriptSchema>;
