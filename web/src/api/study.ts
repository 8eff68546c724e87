// The study API (functions/api/usage.ts, questions.ts, conversations.ts, sheets.ts) as the web app
// calls it: the month's usage, answers to questions and the conversations that hold them, revision
// sheets. Each call's body and answer are its route's in functions/core/contract.ts (the shapes of
// functions/core/views.ts and, for generated ones such as Answer, Sheet and Citation,
// functions/core/artefacts.ts), so the page renders exactly what the server validated.
import type { MeteredFeature } from '@core/plans.js';
import type {
  Conversation,
  ConversationSummary,
  FeatureUsage,
  SheetRecord,
  SheetSummary,
  Turn,
  UsageFigure,
  UsageOverview,
} from '@core/views.js';
import type { Answer, AnswerMode, Citation, CitedText, ExerciseSolution, Sheet } from '@core/artefacts.js';
import { askBody, checkAsk, sheetBody, titleBody } from '@core/schemas.js';
import type { BodyOf } from '@core/contract.js';
import { call, callAll } from './client';

export type { Answer, AnswerMode, Citation, CitedText, ExerciseSolution, Sheet, MeteredFeature };
export type { Conversation, ConversationSummary, FeatureUsage, SheetRecord, SheetSummary, Turn, UsageFigure };
export type UsageSummary = UsageOverview;
export type AnswerBlock = Answer['blocks'][number];
export type Calculation = ExerciseSolution['calculations'][number];

/** The five answer modes, in the order the picker shows them. */
export const ANSWER_MODES: readonly AnswerMode[] = ['course', 'concise', 'detailed', 'exercise', 'step_by_step'];

/** A question as the page sends it (the request schema's, core/schemas.ts `askBody`). */
export type AskBody = BodyOf<'POST /api/subjects/{subjectId}/questions'>;

const enc = encodeURIComponent;

export const studyApi = {
  usage: () => call('GET /api/usage', {}),

  /** Not retried: each answer counts against the month's questions. */
  ask: (subjectId: string, body: AskBody) => call('POST /api/subjects/{subjectId}/questions', { subjectId }, body, { retry: false, schema: askBody, precheck: checkAsk }),
  conversations: (subjectId: string) => callAll('GET /api/subjects/{subjectId}/conversations', { subjectId }, 'conversations'),
  conversation: (subjectId: string, conversationId: string) => call('GET /api/subjects/{subjectId}/conversations/{conversationId}', { subjectId, conversationId }),
  saveConversation: (subjectId: string, conversationId: string, title: string) =>
    call('PUT /api/subjects/{subjectId}/conversations/{conversationId}', { subjectId, conversationId }, { title }, { schema: titleBody }),
  removeConversation: (subjectId: string, conversationId: string) => call('DELETE /api/subjects/{subjectId}/conversations/{conversationId}', { subjectId, conversationId }),

  /** Not retried: each sheet counts against the month's sheets. */
  generateSheet: (subjectId: string, fileId?: string) =>
    call('POST /api/subjects/{subjectId}/sheets', { subjectId }, fileId ? { file_id: fileId } : {}, { retry: false, schema: sheetBody }),
  sheets: (subjectId: string) => callAll('GET /api/subjects/{subjectId}/sheets', { subjectId }, 'sheets'),
  sheet: (subjectId: string, sheetId: string) => call('GET /api/subjects/{subjectId}/sheets/{sheetId}', { subjectId, sheetId }),
  saveSheet: (subjectId: string, sheetId: string, title?: string) => call('PUT /api/subjects/{subjectId}/sheets/{sheetId}', { subjectId, sheetId }, title ? { title } : {}, { schema: titleBody }),
  removeSheet: (subjectId: string, sheetId: string) => call('DELETE /api/subjects/{subjectId}/sheets/{sheetId}', { subjectId, sheetId }),
};

/** The files page's viewer, opened at the cited page. */
export const citationHref = (subjectId: string, c: Pick<Citation, 'file_id' | 'page'>): string =>
  `/subject/${enc(subjectId)}/files?view=${enc(c.file_id)}&page=${c.page}`;
