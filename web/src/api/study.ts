// The study API (functions/api/usage.ts, questions.ts, conversations.ts, sheets.ts) as the web app
// calls it: the month's usage, answers to questions and the conversations that hold them, revision
// sheets. The response shapes are the server's own (functions/core/views.ts), and the generated
// ones (Answer, Sheet, Citation) the engine's (functions/engine/types.ts), so the page renders
// exactly what the server validated.
import type { MeteredFeature } from '../../../functions/core/plans';
import type {
  Conversation,
  ConversationSummary,
  FeatureUsage,
  SheetRecord,
  SheetSummary,
  Turn,
  UsageFigure,
  UsageOverview,
} from '../../../functions/core/views';
import type { Answer, AnswerMode, Citation, CitedText, ExerciseSolution, Sheet } from '../../../functions/engine/types';
import { askBody, checkAsk, sheetBody, titleBody } from '../../../functions/core/schemas';
import { api, request } from './client';

export type { Answer, AnswerMode, Citation, CitedText, ExerciseSolution, Sheet, MeteredFeature };
export type { Conversation, ConversationSummary, FeatureUsage, SheetRecord, SheetSummary, Turn, UsageFigure };
export type UsageSummary = UsageOverview;
export type AnswerBlock = Answer['blocks'][number];
export type Calculation = ExerciseSolution['calculations'][number];

/** The five answer modes, in the order the picker shows them (spec §2/§3). */
export const ANSWER_MODES: readonly AnswerMode[] = ['course', 'concise', 'detailed', 'exercise', 'step_by_step'];

export interface AskBody {
  question: string;
  mode: AnswerMode;
  conversation_id?: string;
  file_id?: string;
}

const enc = encodeURIComponent;
const subjectPath = (subjectId: string) => `/subjects/${enc(subjectId)}`;
const conversationPath = (subjectId: string, id: string) => `${subjectPath(subjectId)}/conversations/${enc(id)}`;
const sheetPath = (subjectId: string, id: string) => `${subjectPath(subjectId)}/sheets/${enc(id)}`;

export const studyApi = {
  usage: () => api.get<UsageSummary>('/usage'),

  /** Not retried: each answer counts against the month's questions. */
  ask: (subjectId: string, body: AskBody) =>
    api.post<{ conversation: ConversationSummary; turn: Turn; usage: UsageFigure }>(`${subjectPath(subjectId)}/questions`, body, { retry: false, schema: askBody, precheck: checkAsk }),
  conversations: (subjectId: string) => api.getAll<{ conversations: ConversationSummary[] }>(`${subjectPath(subjectId)}/conversations`, 'conversations'),
  conversation: (subjectId: string, id: string) => api.get<Conversation>(conversationPath(subjectId, id)),
  saveConversation: (subjectId: string, id: string, title: string) => request<ConversationSummary>('PUT', conversationPath(subjectId, id), { title }, { schema: titleBody }),
  removeConversation: (subjectId: string, id: string) => api.del<void>(conversationPath(subjectId, id)),

  /** Not retried: each sheet counts against the month's sheets. */
  generateSheet: (subjectId: string, fileId?: string) =>
    api.post<{ sheet: SheetRecord; usage: UsageFigure }>(`${subjectPath(subjectId)}/sheets`, fileId ? { file_id: fileId } : {}, { retry: false, schema: sheetBody }),
  sheets: (subjectId: string) => api.getAll<{ sheets: SheetSummary[] }>(`${subjectPath(subjectId)}/sheets`, 'sheets'),
  sheet: (subjectId: string, id: string) => api.get<SheetRecord>(sheetPath(subjectId, id)),
  saveSheet: (subjectId: string, id: string, title?: string) => request<SheetSummary>('PUT', sheetPath(subjectId, id), title ? { title } : {}, { schema: titleBody }),
  removeSheet: (subjectId: string, id: string) => api.del<void>(sheetPath(subjectId, id)),
};

/** The files page's viewer, opened at the cited page. */
export const citationHref = (subjectId: string, c: Pick<Citation, 'file_id' | 'page'>): string =>
  `/subject/${enc(subjectId)}/files?view=${enc(c.file_id)}&page=${c.page}`;
