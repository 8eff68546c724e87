// The API's wire, declared once for both sides: for every route of functions/api/routes.ts, the
// body it accepts (its request schema's input, from core/schemas.ts and the other core modules),
// its query, and what it answers (the shapes of core/views.ts and its peers). routes.ts refuses to
// compile when a handler accepts less than its entry's body or answers something its entry does
// not say; the web app's `call` (web/src/api/client.ts) takes its path parameters, query, body and
// answer from here, so a page cannot expect what the route does not return.
// Types only: nothing here runs.
import type { z } from 'zod';
import type { CoachReply } from './artefacts.js';
import type { CaseListItem, CaseQuestionView, caseAnswerBody, createCaseBody, PracticalCaseView } from './cases.js';
import type { Briefing, CoachFigure } from './coach.js';
import type { ExportView } from './data-export.js';
import type { FileOutline } from './document.js';
import type { Lang } from './errors.js';
import type { createExamBody, examAnswerBody, ExamListItem, ExamView } from './exam.js';
import type { Goals } from './goals.js';
import type { pageQuery } from './paging.js';
import type { StudyPlan } from './planner.js';
import type { EducationLevel, onboardingSchema, profileUpdateSchema, PublicProfile } from './profile.js';
import type {
  activityBody,
  askBody,
  cardBody,
  cardExportQuery,
  cardListQuery,
  createSubjectBody,
  deckBody,
  examBody,
  goalsBody,
  pagesQuery,
  podcastBody,
  podcastPositionBody,
  quizAnswerBody,
  quizQuestionBody,
  referralBody,
  referralCodeQuery,
  reviewBody,
  sheetBody,
  startQuizBody,
  streakBody,
  studiedBody,
  timezoneQuery,
  titleBody,
  todoBody,
  todoChangeBody,
  todoListQuery,
  unsubscribeBody,
  uploadBody,
} from './schemas.js';
import type { Statistics, StatRange } from './statistics.js';
import type { Streak } from './streak.js';
import type { Subject } from './subjects.js';
import type { ProviderSubscriptionView, SubscriptionStatus } from './subscription.js';
import type {
  AnsweredQuestion,
  Card,
  CardCount,
  Conversation,
  ConversationSummary,
  FileView,
  PageText,
  PendingQuestion,
  PlanLimits,
  PodcastView,
  QuizSession,
  QuizSummary,
  SheetRecord,
  SheetSummary,
  Turn,
  UsageFigure,
  UsageOverview,
} from './views.js';

/** A body or query as the caller sends it: the schema's input, before its defaults and transforms. */
type Sent<S extends z.ZodType> = z.input<S>;

/** A non-JSON answer: a text file (a calendar) or a file of bytes (a deck of cards), or either. */
export type FileBody<K extends 'text' | 'bytes' = 'text' | 'bytes'> = { readonly file: K };

/** One page of a paged list (core/paging.ts): the items under their name, and the next page's cursor. */
type Paged<K extends string, T> = { [key in K]: T[] } & { next?: string };

/** A subject's exam date and the week days the student studies on (0: Sunday). */
export interface ExamSettings {
  exam_date: string;
  study_days: number[];
}

/** The exam date and its day-by-day plan (none when there is nothing to plan), or nothing set yet. */
export type PlanReply =
  | { exam: null; plan: null; weekly_hours?: undefined; files?: undefined }
  | { exam: ExamSettings; weekly_hours: number; plan: StudyPlan; files: { file_id: string; name: string }[] }
  | { exam: ExamSettings; weekly_hours: number; plan: null; files: { file_id: string; name: string }[] };

/** A revision task; `overdue` in lists (due before the student's today and not done). */
export interface Todo {
  id: string;
  subject_id: string;
  title: string;
  due_date: string | null;
  done: boolean;
  overdue?: boolean;
  created_at: string;
  done_at: string | null;
  /** A task taken from the plan: what doing it means (reading pages marks them studied). */
  plan: { kind: 'read' | 'review' | 'quiz' | 'final'; file_id: string | null; from_page: number | null; to_page: number | null } | null;
}

/** This week's study time against the weekly goal. */
export interface WeekProgress {
  from: string;
  to: string;
  minutes: number;
  goalMinutes: number;
  percent: number;
}

/** The statistics every plan shows: time, answers and reviews over the last days. */
export interface StatsSummary {
  range: StatRange;
  from: string;
  to: string;
  total_minutes: number;
  /** Answers given (passed and blank questions apart, as `skipped`). */
  quiz: { answered: number; correct: number; skipped: number };
  reviews: number;
}

/** The student's referral code, the newest referrals and the counts. */
export interface ReferralSummary {
  code: string;
  /** The newest REFERRALS_LISTED (core/referral.ts); the counts cover them all. */
  referrals: { status: 'pending' | 'completed'; created_at: string }[];
  completed: number;
  pending: number;
  goal: number;
  reward_months: number;
  /** Blocks of referees already rewarded. */
  rewards_earned?: number;
}

/** The subscription's status, the provider's view of it, and whether there is a customer to manage. */
export type SubscriptionInfo = SubscriptionStatus & { provider?: ProviderSubscriptionView | null; can_manage?: boolean };

/** A promo code's outcome. */
export interface PromoResult {
  success: boolean;
  message: string;
  error?: string;
  trial_end?: string;
  extended?: boolean;
}

type StatsQuery = { range?: StatRange; timezone?: string };
type Zoned = { timezone?: string };

/** A route's wire: what it accepts and answers (`body`/`query` absent: it takes none). */
export interface Wire {
  body?: unknown;
  query?: unknown;
  response: unknown;
}

/** Every route, by its key (`METHOD /path`, the path in API Gateway's syntax, as in routes.ts). */
export interface Contract {
  'GET /api/health': { response: { ok: boolean } };
  'GET /api/stats/students': { response: { count: number } };
  'GET /api/referrals/check': { query: Sent<typeof referralCodeQuery>; response: { valid: boolean } };
  'POST /api/reminders/unsubscribe': { body: Sent<typeof unsubscribeBody>; response: { study_reminders: boolean } };
  'GET /api/referrals': { response: ReferralSummary };
  'POST /api/referrals': { body: Sent<typeof referralBody>; response: { status: string } };
  'GET /api/profile': { response: PublicProfile };
  'PATCH /api/profile': { body: Sent<typeof profileUpdateSchema>; response: PublicProfile };
  'POST /api/onboarding': { body: Sent<typeof onboardingSchema>; response: PublicProfile };
  'GET /api/subscription': { response: SubscriptionInfo };
  'POST /api/checkout': { body: { mode: 'subscription'; success_url: string; cancel_url: string; price_id?: string }; response: { sessionId: string; url: string } };
  'POST /api/billing-portal': { body: { return_url?: string }; response: { url: string } };
  'POST /api/promo': { body: { code: string }; response: PromoResult };
  'GET /api/streak': { response: Pick<Streak, 'streak_count' | 'highest_streak' | 'last_login_date'> };
  'POST /api/streak': { body: Sent<typeof streakBody>; response: Streak };
  'DELETE /api/account': { response: void };
  'POST /api/exports': { body: Record<string, never>; response: ExportView };
  'GET /api/exports': { response: { exports: ExportView[] } };
  'GET /api/exports/{exportId}': { response: ExportView };
  'GET /api/exports/{exportId}/download': { response: { url: string; download_until: string | null } };
  'GET /api/subjects': { query: Sent<typeof pageQuery>; response: Paged<'subjects', Subject> & { limits: PlanLimits } };
  'POST /api/subjects': { body: Sent<typeof createSubjectBody>; response: Subject };
  'GET /api/subjects/{subjectId}': { response: Subject };
  'DELETE /api/subjects/{subjectId}': { response: void };
  'GET /api/subjects/{subjectId}/files': { query: Sent<typeof pageQuery>; response: Paged<'files', FileView> };
  'POST /api/subjects/{subjectId}/uploads': { body: Sent<typeof uploadBody>; response: { file: FileView; upload: { url: string; fields: Record<string, string> } } };
  'POST /api/subjects/{subjectId}/files/{fileId}/complete': { response: FileView };
  'GET /api/subjects/{subjectId}/files/{fileId}': { response: FileView };
  'GET /api/subjects/{subjectId}/files/{fileId}/download': { response: { url: string } };
  'GET /api/subjects/{subjectId}/files/{fileId}/pages': { query: Sent<typeof pagesQuery>; response: { pages: PageText[]; next?: number } };
  'GET /api/subjects/{subjectId}/files/{fileId}/outline': { response: FileOutline };
  'DELETE /api/subjects/{subjectId}/files/{fileId}': { response: void };
  'GET /api/usage': { response: UsageOverview };
  'POST /api/subjects/{subjectId}/questions': { body: Sent<typeof askBody>; response: { conversation: ConversationSummary; turn: Turn; usage: UsageFigure } };
  'GET /api/subjects/{subjectId}/conversations': { query: Sent<typeof pageQuery>; response: Paged<'conversations', ConversationSummary> };
  'GET /api/subjects/{subjectId}/conversations/{conversationId}': { response: Conversation };
  'PUT /api/subjects/{subjectId}/conversations/{conversationId}': { body: Sent<typeof titleBody>; response: ConversationSummary };
  'DELETE /api/subjects/{subjectId}/conversations/{conversationId}': { response: void };
  'POST /api/subjects/{subjectId}/sheets': { body: Sent<typeof sheetBody>; response: { sheet: SheetRecord; usage: UsageFigure } };
  'GET /api/subjects/{subjectId}/sheets': { query: Sent<typeof pageQuery>; response: Paged<'sheets', SheetSummary> };
  'GET /api/subjects/{subjectId}/sheets/{sheetId}': { response: SheetRecord };
  'PUT /api/subjects/{subjectId}/sheets/{sheetId}': { body: Sent<typeof titleBody>; response: SheetSummary };
  'DELETE /api/subjects/{subjectId}/sheets/{sheetId}': { response: void };
  'POST /api/subjects/{subjectId}/quiz-sessions': { body: Sent<typeof startQuizBody>; response: QuizSession };
  'GET /api/subjects/{subjectId}/quiz-sessions/{sessionId}': { response: QuizSession };
  'POST /api/subjects/{subjectId}/quiz-sessions/{sessionId}/questions': { body: Sent<typeof quizQuestionBody>; response: { question: PendingQuestion; usage: UsageFigure } };
  'POST /api/subjects/{subjectId}/quiz-sessions/{sessionId}/questions/{questionId}/answer': { body: Sent<typeof quizAnswerBody>; response: { result: AnsweredQuestion; card: Card | null } };
  'POST /api/subjects/{subjectId}/quiz-sessions/{sessionId}/end': { response: QuizSummary };
  'POST /api/subjects/{subjectId}/decks': {
    body: Sent<typeof deckBody>;
    response: { cards: Card[]; usage: UsageFigure; requested: number; shortfall?: { code: 'deck_short'; message: string } };
  };
  'GET /api/subjects/{subjectId}/cards': { query: Sent<typeof cardListQuery>; response: Paged<'cards', Card> & { due: number; total: number } };
  'POST /api/subjects/{subjectId}/cards': { body: Sent<typeof cardBody>; response: Card };
  'GET /api/subjects/{subjectId}/cards/export': { query: Sent<typeof cardExportQuery>; response: FileBody };
  'PATCH /api/subjects/{subjectId}/cards/{cardId}': { body: Sent<typeof cardBody>; response: Card };
  'DELETE /api/subjects/{subjectId}/cards/{cardId}': { response: void };
  'POST /api/subjects/{subjectId}/cards/{cardId}/review': { body: Sent<typeof reviewBody>; response: { card: Card } };
  'GET /api/cards/due': { response: { subjects: CardCount[] } };
  'GET /api/cards/export': { query: Sent<typeof cardExportQuery>; response: FileBody };
  'GET /api/goals': { query: Sent<typeof timezoneQuery>; response: { goals: Goals | null; week: WeekProgress } };
  'PUT /api/goals': { body: Sent<typeof goalsBody>; response: Goals };
  'POST /api/subjects/{subjectId}/activity': { body: Sent<typeof activityBody>; response: { credited_ms: number } };
  'PUT /api/subjects/{subjectId}/exam': { body: Sent<typeof examBody>; response: ExamSettings };
  'GET /api/subjects/{subjectId}/plan': { query: Sent<typeof timezoneQuery>; response: PlanReply };
  'GET /api/subjects/{subjectId}/plan.ics': { query: Sent<typeof timezoneQuery>; response: FileBody<'text'> };
  'POST /api/subjects/{subjectId}/files/{fileId}/studied': { body: Sent<typeof studiedBody>; response: { file_id: string; pages: number[] } };
  'GET /api/subjects/{subjectId}/todos': { query: Sent<typeof todoListQuery>; response: Paged<'todos', Todo> };
  'POST /api/subjects/{subjectId}/todos': { body: Sent<typeof todoBody>; response: Todo };
  'POST /api/subjects/{subjectId}/todos/from-plan': { query: Sent<typeof timezoneQuery>; response: { added: number; replaced: number; todos: Todo[] } };
  'PATCH /api/subjects/{subjectId}/todos/{todoId}': { body: Sent<typeof todoChangeBody>; response: Todo };
  'DELETE /api/subjects/{subjectId}/todos/{todoId}': { response: void };
  'GET /api/subjects/{subjectId}/stats': { query: StatsQuery; response: Statistics };
  'GET /api/subjects/{subjectId}/stats/summary': { query: Zoned; response: StatsSummary };
  'GET /api/stats': { query: StatsQuery; response: Statistics };
  'GET /api/stats/summary': { query: Zoned; response: StatsSummary };
  'POST /api/subjects/{subjectId}/exams': { body: Sent<typeof createExamBody>; response: ExamView };
  'GET /api/subjects/{subjectId}/exams': { query: Sent<typeof pageQuery>; response: Paged<'exams', ExamListItem> };
  'GET /api/subjects/{subjectId}/exams/{examId}': { response: ExamView };
  'PUT /api/subjects/{subjectId}/exams/{examId}/answers/{questionId}': { body: Sent<typeof examAnswerBody>; response: { saved: boolean; question_id: string; remaining_ms: number } };
  'POST /api/subjects/{subjectId}/exams/{examId}/submit': { response: ExamView };
  'GET /api/subjects/{subjectId}/coach': { query: Zoned; response: { briefing: Briefing; level: EducationLevel | null; language: Lang } };
  'POST /api/subjects/{subjectId}/coach/messages': { body: { message: string; timezone?: string }; response: { reply: CoachReply; figures: CoachFigure[]; usage: UsageFigure } };
  'POST /api/subjects/{subjectId}/cases': { body: Sent<typeof createCaseBody>; response: PracticalCaseView };
  'GET /api/subjects/{subjectId}/cases': { query: Sent<typeof pageQuery>; response: Paged<'cases', CaseListItem> };
  'GET /api/subjects/{subjectId}/cases/{caseId}': { response: PracticalCaseView };
  'POST /api/subjects/{subjectId}/cases/{caseId}/questions/{questionId}/answer': { body: Sent<typeof caseAnswerBody>; response: { question: CaseQuestionView } };
  'POST /api/subjects/{subjectId}/podcasts': { body: Sent<typeof podcastBody>; response: { podcast: PodcastView; usage: UsageFigure } };
  'GET /api/subjects/{subjectId}/podcasts': { query: Sent<typeof pageQuery>; response: Paged<'podcasts', PodcastView> };
  'GET /api/podcasts': { query: Sent<typeof pageQuery>; response: Paged<'podcasts', PodcastView> };
  'GET /api/podcasts/{podcastId}': { response: { podcast: PodcastView } };
  'POST /api/podcasts/{podcastId}/save': { response: { podcast: PodcastView } };
  'PUT /api/podcasts/{podcastId}/position': { body: Sent<typeof podcastPositionBody>; response: void };
  'GET /api/podcasts/{podcastId}/download': { response: { url: string } };
  'DELETE /api/podcasts/{podcastId}': { response: void };
}

export type RouteKey = keyof Contract;

/** `{subjectId}` and its peers in a route's path, each a string. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? { [K in Name]: string } & PathParams<Rest> : unknown;

/** The path parameters of a route key. */
export type ParamsOf<K extends RouteKey> = K extends `${string} ${infer P}` ? PathParams<P> : never;
/** What a route accepts as its body; `undefined` when it takes none. */
export type BodyOf<K extends RouteKey> = Contract[K] extends { body: infer B } ? B : undefined;
/** What a route accepts as its query; `undefined` when it takes none. */
export type QueryOf<K extends RouteKey> = Contract[K] extends { query: infer Q } ? Q : undefined;
/** What a route answers. */
export type ResponseOf<K extends RouteKey> = Contract[K]['response'];

/** A route's path parameters and query, in one object (the query's fields go to the query string). */
export type CallParams<K extends RouteKey> = ParamsOf<K> & (QueryOf<K> extends undefined ? unknown : QueryOf<K>);

/** The arguments of a call after its route: a route that takes a body needs it, one that takes none gets none. */
export type CallArgs<K extends RouteKey, Options = unknown> = BodyOf<K> extends undefined
  ? [params: CallParams<K>, body?: undefined, opts?: Options]
  : [params: CallParams<K>, body: BodyOf<K>, opts?: Options];

/** What a call resolves to in the browser: a text file as its text, any other file as a Blob, JSON as the route's shape. */
export type Answer<R> = [R] extends [FileBody<'text'>] ? string : [R] extends [FileBody] ? Blob : R;
