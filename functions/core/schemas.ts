// The API's request schemas (zod), defined once: the handlers parse with them and the web app's
// API layer (web/src/api) validates what it sends with the same ones. Where the spec gives a
// request's fields an order of messages (a missing question before a missing mode...), the check
// that says them comes before the schema, here too. The bounds of every date and number are
// core/bounds.ts's; a refused request's details are said in the caller's language
// (core/validation.ts). No I/O: the web app imports this module.
import { z } from 'zod';
import { answerModes, quizDifficulties, quizTypes } from './artefacts.js';
import { calendarDay, examDate, PAGE_NUMBER, roundedNumber } from './bounds.js';
import { AppError } from './errors.js';
import { CONTENT_TYPE_MAX, DISPLAY_NAME_MAX, FILE_NAME_MAX, SUPPLIED_TEXT_LIMITS, suppliedTextFits } from './files.js';
import { CARD_BACK_MAX, CARD_FRONT_MAX, DECK_SIZE, ID_MAX, MAX_ANSWER_CHARS, POSITION_SECONDS, POSITION_SEGMENT, QUESTION_MAX_CHARS, TITLE_MAX, TODO_TITLE_MAX } from './limits.js';
import { pageQueryFields } from './paging.js';
import { normalizeReferralCode } from './referral.js';
import { subjectNameSchema } from './subjects.js';
import { HEARTBEAT_MAX_MS } from './study-time.js';
import { refinement } from './validation.js';
import { podcastDurations, podcastStyles, srsRatings } from './views.js';

export const idSchema = z.string().min(1).max(ID_MAX);

/** The body as a record of fields ({} when it is not an object), for checks made before the schema. */
export function asFields(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

// ---- Path parameters ----

export const subjectParams = z.object({ subjectId: idSchema });
export const fileParams = subjectParams.extend({ fileId: idSchema });
export const conversationParams = subjectParams.extend({ conversationId: idSchema });
export const sheetParams = subjectParams.extend({ sheetId: idSchema });
export const sessionParams = subjectParams.extend({ sessionId: idSchema });
export const questionParams = sessionParams.extend({ questionId: idSchema });
export const cardParams = subjectParams.extend({ cardId: idSchema });

// ---- Streaks and referrals (profile updates and onboarding: core/profile.ts) ----

/** The browser's IANA time zone, for the day a login counts on. */
export const streakBody = z.object({ timezone: z.string().min(1).max(64).optional() }).strict();

const referralCode = z.string().trim().min(1).max(32).transform(normalizeReferralCode);
export const referralCodeQuery = z.object({ code: referralCode });
export const referralBody = z.object({ code: referralCode }).strict();

// ---- Subjects and files ----

export const createSubjectBody = z.object({ name: subjectNameSchema, color_index: z.number().int().min(0).max(1000).optional() }).strict();

export const uploadBody = z
  .object({
    file_name: z.string().trim().min(1).max(FILE_NAME_MAX),
    size: z.number().int().nonnegative(),
    content_type: z.string().trim().min(1).max(CONTENT_TYPE_MAX),
    display_name: z.string().trim().max(DISPLAY_NAME_MAX).optional(),
    /** Recognised text of each page, from photo mode; a supplied text overrides extraction. */
    text_pages: z
      .array(z.string())
      .refine(
        suppliedTextFits,
        refinement(
          `au plus ${SUPPLIED_TEXT_LIMITS.pages} pages de ${SUPPLIED_TEXT_LIMITS.charsPerPage} caractères, ${SUPPLIED_TEXT_LIMITS.bytes} octets en tout`,
          `at most ${SUPPLIED_TEXT_LIMITS.pages} pages of ${SUPPLIED_TEXT_LIMITS.charsPerPage} characters, ${SUPPLIED_TEXT_LIMITS.bytes} bytes in all`,
        ),
      )
      .optional(),
  })
  .strict();
export type UploadBody = z.infer<typeof uploadBody>;

/** A missing file, size or type gets its own message, before any other check. */
export function checkUploadFields(body: unknown): Record<string, unknown> {
  const fields = asFields(body);
  if (['file_name', 'size', 'content_type'].some((k) => fields[k] === undefined || fields[k] === null || fields[k] === '')) {
    throw new AppError('upload_params_missing');
  }
  return fields;
}

/** A page number in a query: decimal digits only (no `0x10`, `1e1` or blank read as a number). */
const pageNumber = z.preprocess((v) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v), z.number().int().min(PAGE_NUMBER.min).max(PAGE_NUMBER.max));
export const pagesQuery = z
  .object({ from: pageNumber.optional(), to: pageNumber.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, refinement('from ne doit pas dépasser to', 'from must not exceed to'));

// ---- Questions, conversations, sheets ----

export const askBody = z
  .object({
    question: z.string(),
    mode: z.enum(answerModes),
    conversation_id: idSchema.nullish(),
    file_id: idSchema.nullish(),
  })
  .strict();
export type AskBody = z.input<typeof askBody>;

/**
 * Checks a question in the order the question page shows its messages: the question
 * (`question_empty`, `question_too_long`), then the mode (`mode_required`); the trimmed question.
 */
export function checkAsk(body: unknown): string {
  const fields = asFields(body);
  const question = typeof fields.question === 'string' ? fields.question.trim() : '';
  if (!question) throw new AppError('question_empty');
  if (question.length > QUESTION_MAX_CHARS) throw new AppError('question_too_long', { max: QUESTION_MAX_CHARS });
  if (typeof fields.mode !== 'string' || !(answerModes as readonly string[]).includes(fields.mode)) throw new AppError('mode_required');
  return question;
}

/** A title, trimmed; empty or absent keeps the current one. */
export const titleBody = z.object({ title: z.string().trim().max(TITLE_MAX).nullish() }).strict();

export const sheetBody = z.object({ file_id: idSchema.nullish() }).strict();

// ---- Quizzes ----

export const startQuizBody = z.object({ file_id: idSchema, difficulty: z.enum(quizDifficulties) }).strict();
export type StartQuizBody = z.infer<typeof startQuizBody>;

/** The file is checked first (the quiz page's first message): the fields with the file id trimmed. */
export function checkStartQuiz(body: unknown): Record<string, unknown> {
  const fields = asFields(body);
  if (typeof fields.file_id !== 'string' || !fields.file_id.trim()) throw new AppError('quiz_file_required');
  return { ...fields, file_id: fields.file_id.trim() };
}

export const quizQuestionBody = z.object({ type: z.enum(quizTypes) }).strict();

/** `{choice}` for an mcq, `{answer}` for an open question, `{skip: true}` for "I don't know". */
export const quizAnswerBody = z
  .object({
    choice: z.number().int().min(0).max(3).optional(),
    answer: z.string().max(MAX_ANSWER_CHARS * 2).optional(),
    skip: z.literal(true).optional(),
    /** The browser's IANA time zone: the day the answer counts on (Paris when absent or unknown). */
    timezone: z.string().min(1).max(64).optional(),
  })
  .strict();
export type QuizAnswerBody = z.infer<typeof quizAnswerBody>;

// ---- Flashcards ----

export const deckBody = z.object({ file_id: idSchema.nullish(), count: z.number().int().min(DECK_SIZE.min).max(DECK_SIZE.max).optional() }).strict();

const cardSide = (max: number) => z.string().trim().max(max);
export const cardBody = z.object({ front: cardSide(CARD_FRONT_MAX).optional(), back: cardSide(CARD_BACK_MAX).optional() }).strict();
export type CardBody = z.infer<typeof cardBody>;

/** A subject's cards, a page at a time (core/paging.ts), the due ones only with `due=1`. */
export const cardListQuery = z.object({ due: z.enum(['0', '1']).optional(), ...pageQueryFields });
/** A subject's cards as a file: an Anki package or a tab-separated CSV. */
export const cardExportQuery = z.object({ format: z.enum(['apkg', 'csv']) });

/**
 * `reps`: how many reviews the card had when the student saw it. Given, a review of a card reviewed
 * since (another tab, a repeated request) is refused instead of counted as a second review.
 */
export const reviewBody = z
  .object({ rating: z.enum(srsRatings), reps: z.number().int().min(0).max(1_000_000).optional(), timezone: z.string().min(1).max(64).optional() })
  .strict();

// ---- Goals, study time, the exam-date plan and revision tasks ----

const timezone = z.string().min(1).max(64).optional();

export const timezoneQuery = z.object({ timezone }).strict();
/** A subject's tasks, a page at a time (core/paging.ts), overdue ones told in `timezone`'s calendar. */
export const todoListQuery = z.object({ timezone, ...pageQueryFields }).strict();
export { goalsSchema as goalsBody } from './goals.js';
/** A heartbeat: the active time since the page's last one (a missed beat may double it). */
export const activityBody = z.object({ active_ms: z.number().int().min(0).max(HEARTBEAT_MAX_MS * 2), timezone }).strict();
/** The exam date must also lie from today to two years ahead in `timezone`'s calendar (core/bounds.ts `checkExamDate`). */
export const examBody = z.object({ exam_date: examDate, study_days: z.array(z.number().int().min(0).max(6)).min(1).max(7), timezone }).strict();
export const studiedBody = z.object({ pages: z.array(z.number().int().min(PAGE_NUMBER.min).max(PAGE_NUMBER.max)).min(1).max(500) }).strict();
export const todoParams = subjectParams.extend({ todoId: idSchema });
const todoTitle = z.string().trim().min(1).max(TODO_TITLE_MAX);
export const todoBody = z.object({ title: todoTitle, due_date: calendarDay.nullable().optional() }).strict();
export const todoChangeBody = z.object({ title: todoTitle.optional(), due_date: calendarDay.nullable().optional(), done: z.boolean().optional() }).strict();

// ---- Podcasts ----

export const podcastParams = z.object({ podcastId: idSchema });
/** `POST /api/subjects/{subjectId}/podcasts`: no file id means the whole subject. */
export const podcastBody = z
  .object({ file_id: idSchema.nullish(), duration: z.enum(podcastDurations), style: z.enum(podcastStyles) })
  .strict();
export type PodcastBody = z.infer<typeof podcastBody>;
/** `PUT /api/podcasts/{podcastId}/position`: where the student stopped listening, to the tenth of a second. */
export const podcastPositionBody = z
  .object({ segment: z.number().int().min(POSITION_SEGMENT.min).max(POSITION_SEGMENT.max), seconds: roundedNumber(POSITION_SECONDS) })
  .strict();

/** The study reminders' unsubscribe link: the signed token it carries. */
export const unsubscribeBody = z.object({ token: z.string().min(1).max(400) }).strict();
