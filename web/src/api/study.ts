// The study API (functions/api/usage.ts, questions.ts, conversations.ts, sheets.ts) as the web app
// calls it: the month's usage, answers to questions and the conversations that hold them, revision
// sheets. The generated shapes (Answer, Sheet, Citation) are the engine's own types, read from
// functions/engine/types.ts so the page renders exactly what the server validated.
import type { MeteredFeature } from '../../../functions/core/plans';
import type { Answer, AnswerMode, Citation, CitedText, ExerciseSolution, Sheet } from '../../../functions/engine/types';
import { api, request } from './client';

export type { Answer, AnswerMode, Citation, CitedText, ExerciseSolution, Sheet, MeteredFeature };
export type AnswerBlock = Answer['blocks'][number];
export type Calculation = ExerciseSolution['calculations'][number];

/** The five answer modes, in the order the picker shows them (spec §2/§3). */
export const ANSWER_MODES: readonly AnswerMode[] = ['course', 'concise', 'detailed', 'exercise', 'step_by_step'];

export interface FeatureUsage {
  used: number;
  /** null: unlimited (Premium or trial). */
  limit: number | null;
  remaining: number | null;
}

export interface UsageSummary {
  /** 'YYYY-MM' */
  month: string;
  subscribed: boolean;
  features: Record<MeteredFeature, FeatureUsage>;
  /** true: available to this student. */
  premium: { summary_save: boolean; podcast_save: boolean; statistics_access: boolean };
}

/** The usage of one feature after a generation. */
export interface UsageFigure extends FeatureUsage {
  feature: MeteredFeature;
}

export interface ConversationSummary {
  id: string;
  subject_id: string;
  title: string;
  saved: boolean;
  created_at: string;
  updated_at: string;
  turn_count: number;
}

export interface Turn {
  id: string;
  question: string;
  mode: AnswerMode;
  answer: Answer;
  created_at: string;
}

export interface Conversation extends ConversationSummary {
  turns: Turn[];
}

export interface SheetSummary {
  id: string;
  subject_id: string;
  file_id: string | null;
  title: string;
  saved: boolean;
  created_at: string;
}

export interface SheetRecord extends SheetSummary {
  content: Sheet;
}

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
    api.post<{ conversation: ConversationSummary; turn: Turn; usage: UsageFigure }>(`${subjectPath(subjectId)}/questions`, body, { retry: false }),
  conversations: (subjectId: string) => api.get<{ conversations: ConversationSummary[] }>(`${subjectPath(subjectId)}/conversations`),
  conversation: (subjectId: string, id: string) => api.get<Conversation>(conversationPath(subjectId, id)),
  saveConversation: (subjectId: string, id: string, title: string) => request<ConversationSummary>('PUT', conversationPath(subjectId, id), { title }),
  removeConversation: (subjectId: string, id: string) => api.del<void>(conversationPath(subjectId, id)),

  /** Not retried: each sheet counts against the month's sheets. */
  generateSheet: (subjectId: string, fileId?: string) =>
    api.post<{ sheet: SheetRecord; usage: UsageFigure }>(`${subjectPath(subjectId)}/sheets`, fileId ? { file_id: fileId } : {}, { retry: false }),
  sheets: (subjectId: string) => api.get<{ sheets: SheetSummary[] }>(`${subjectPath(subjectId)}/sheets`),
  sheet: (subjectId: string, id: string) => api.get<SheetRecord>(sheetPath(subjectId, id)),
  saveSheet: (subjectId: string, id: string, title?: string) => request<SheetSummary>('PUT', sheetPath(subjectId, id), title ? { title } : {}),
  removeSheet: (subjectId: string, id: string) => api.del<void>(sheetPath(subjectId, id)),
};

/** The files page's viewer, opened at the cited page. */
export const citationHref = (subjectId: string, c: Pick<Citation, 'file_id' | 'page'>): string =>
  `/subject/${enc(subjectId)}/files?view=${enc(c.file_id)}&page=${c.page}`;
