// The one route table. API Gateway routes (lib/api.ts) and the laptop host's router are both
// generated from it; a route's handler is loaded lazily so that importing the table (as CDK does
// at synth) loads no handler code. The laptop's matching (`matchRoute`) reads the raw path: a `.`
// or `..` segment, encoded or not, matches nothing rather than reaching a parent resource.
// Each route's handler is checked at compile time against the route's wire in
// functions/core/contract.ts: it must accept the body and query the contract says the caller sends,
// and answer what the contract says it answers (a route missing from the contract does not compile).
import type { BodyOf, QueryOf, ResponseOf, RouteKey } from '../core/contract.js';
import type { ApiHandler, RouteHandler } from '../platform/http.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef {
  method: HttpMethod;
  /** API Gateway path syntax: `/api/subjects/{subjectId}`. */
  path: string;
  /**
   * `user`: the JWT authorizer runs and the handler sees the caller; `public`: no authorizer;
   * `webhook`: no authorizer, the handler checks the sender's signature over the raw body
   * (functions/platform/http.ts `webhookRoute`).
   */
  auth: 'user' | 'public' | 'webhook';
  load: () => Promise<ApiHandler>;
}

/** The handler a route of the contract needs: one that accepts its body and query and answers its response. */
export type HandlerOf<K> = K extends RouteKey ? RouteHandler<ResponseOf<K>, BodyOf<K>, QueryOf<K>> : never;

const route = <M extends HttpMethod, P extends string>(method: M, path: P, auth: 'user' | 'public', load: () => Promise<HandlerOf<`${M} ${P}`>>): RouteDef => ({
  method,
  path,
  auth,
  load,
});

/** The webhook: called by the payment provider, not by the app, so outside the contract. */
const webhook = (method: HttpMethod, path: string, load: () => Promise<ApiHandler>): RouteDef => ({ method, path, auth: 'webhook', load });

export const routes: RouteDef[] = [
  route('GET', '/api/health', 'public', async () => (await import('./health.js')).health),
  route('GET', '/api/stats/students', 'public', async () => (await import('./stats.js')).studentCount),
  route('GET', '/api/referrals/check', 'public', async () => (await import('./referrals.js')).checkReferralCode),
  route('POST', '/api/reminders/unsubscribe', 'public', async () => (await import('./profile.js')).unsubscribeReminders),
  route('GET', '/api/referrals', 'user', async () => (await import('./referrals.js')).getReferrals),
  route('POST', '/api/referrals', 'user', async () => (await import('./referrals.js')).recordReferral),
  route('GET', '/api/profile', 'user', async () => (await import('./profile.js')).getProfile),
  route('PATCH', '/api/profile', 'user', async () => (await import('./profile.js')).updateProfile),
  route('POST', '/api/onboarding', 'user', async () => (await import('./profile.js')).completeOnboarding),
  route('GET', '/api/subscription', 'user', async () => (await import('./billing.js')).getSubscription),
  route('POST', '/api/checkout', 'user', async () => (await import('./billing.js')).createCheckout),
  route('POST', '/api/billing-portal', 'user', async () => (await import('./billing.js')).createBillingPortal),
  route('POST', '/api/promo', 'user', async () => (await import('./billing.js')).redeemPromo),
  route('GET', '/api/streak', 'user', async () => (await import('./streak.js')).getStreak),
  route('POST', '/api/streak', 'user', async () => (await import('./streak.js')).updateStreak),
  route('DELETE', '/api/account', 'user', async () => (await import('./account.js')).deleteAccount),
  route('POST', '/api/exports', 'user', async () => (await import('./exports.js')).startExport),
  route('GET', '/api/exports', 'user', async () => (await import('./exports.js')).listMyExports),
  route('GET', '/api/exports/{exportId}', 'user', async () => (await import('./exports.js')).getMyExport),
  route('GET', '/api/exports/{exportId}/download', 'user', async () => (await import('./exports.js')).downloadExport),
  route('GET', '/api/subjects', 'user', async () => (await import('./subjects.js')).listSubjects),
  route('POST', '/api/subjects', 'user', async () => (await import('./subjects.js')).createSubject),
  route('GET', '/api/subjects/{subjectId}', 'user', async () => (await import('./subjects.js')).getSubject),
  route('DELETE', '/api/subjects/{subjectId}', 'user', async () => (await import('./subjects.js')).deleteSubject),
  route('GET', '/api/subjects/{subjectId}/files', 'user', async () => (await import('./files.js')).listFiles),
  route('POST', '/api/subjects/{subjectId}/uploads', 'user', async () => (await import('./files.js')).startUpload),
  route('POST', '/api/subjects/{subjectId}/files/{fileId}/complete', 'user', async () => (await import('./files.js')).completeUploadFile),
  route('GET', '/api/subjects/{subjectId}/files/{fileId}', 'user', async () => (await import('./files.js')).getFile),
  route('GET', '/api/subjects/{subjectId}/files/{fileId}/download', 'user', async () => (await import('./files.js')).downloadFile),
  route('GET', '/api/subjects/{subjectId}/files/{fileId}/pages', 'user', async () => (await import('./files.js')).getPages),
  route('GET', '/api/subjects/{subjectId}/files/{fileId}/outline', 'user', async () => (await import('./files.js')).getOutline),
  route('DELETE', '/api/subjects/{subjectId}/files/{fileId}', 'user', async () => (await import('./files.js')).deleteFile),
  route('GET', '/api/usage', 'user', async () => (await import('./usage.js')).getUsage),
  route('POST', '/api/subjects/{subjectId}/questions', 'user', async () => (await import('./questions.js')).askQuestion),
  route('GET', '/api/subjects/{subjectId}/conversations', 'user', async () => (await import('./conversations.js')).listConversations),
  route('GET', '/api/subjects/{subjectId}/conversations/{conversationId}', 'user', async () => (await import('./conversations.js')).getConversation),
  route('PUT', '/api/subjects/{subjectId}/conversations/{conversationId}', 'user', async () => (await import('./conversations.js')).saveConversationTitle),
  route('DELETE', '/api/subjects/{subjectId}/conversations/{conversationId}', 'user', async () => (await import('./conversations.js')).removeConversation),
  route('POST', '/api/subjects/{subjectId}/sheets', 'user', async () => (await import('./sheets.js')).generateSheet),
  route('GET', '/api/subjects/{subjectId}/sheets', 'user', async () => (await import('./sheets.js')).listSheets),
  route('GET', '/api/subjects/{subjectId}/sheets/{sheetId}', 'user', async () => (await import('./sheets.js')).getSheet),
  route('PUT', '/api/subjects/{subjectId}/sheets/{sheetId}', 'user', async () => (await import('./sheets.js')).saveSheetTitle),
  route('DELETE', '/api/subjects/{subjectId}/sheets/{sheetId}', 'user', async () => (await import('./sheets.js')).removeSheet),
  route('POST', '/api/subjects/{subjectId}/quiz-sessions', 'user', async () => (await import('./quiz.js')).startQuizSession),
  route('GET', '/api/subjects/{subjectId}/quiz-sessions/{sessionId}', 'user', async () => (await import('./quiz.js')).getQuizSession),
  route('POST', '/api/subjects/{subjectId}/quiz-sessions/{sessionId}/questions', 'user', async () => (await import('./quiz.js')).askQuizQuestion),
  route('POST', '/api/subjects/{subjectId}/quiz-sessions/{sessionId}/questions/{questionId}/answer', 'user', async () => (await import('./quiz.js')).answerQuizQuestion),
  route('POST', '/api/subjects/{subjectId}/quiz-sessions/{sessionId}/end', 'user', async () => (await import('./quiz.js')).endQuizSession),
  route('POST', '/api/subjects/{subjectId}/decks', 'user', async () => (await import('./cards.js')).generateDeck),
  route('GET', '/api/subjects/{subjectId}/cards', 'user', async () => (await import('./cards.js')).listSubjectCards),
  route('POST', '/api/subjects/{subjectId}/cards', 'user', async () => (await import('./cards.js')).addCard),
  route('GET', '/api/subjects/{subjectId}/cards/export', 'user', async () => (await import('./cards.js')).exportCards),
  route('PATCH', '/api/subjects/{subjectId}/cards/{cardId}', 'user', async () => (await import('./cards.js')).updateCard),
  route('DELETE', '/api/subjects/{subjectId}/cards/{cardId}', 'user', async () => (await import('./cards.js')).removeCard),
  route('POST', '/api/subjects/{subjectId}/cards/{cardId}/review', 'user', async () => (await import('./cards.js')).reviewCard),
  route('GET', '/api/cards/due', 'user', async () => (await import('./cards.js')).dueCards),
  route('GET', '/api/cards/export', 'user', async () => (await import('./cards.js')).exportAllCards),
  route('GET', '/api/goals', 'user', async () => (await import('./progress.js')).getGoals),
  route('PUT', '/api/goals', 'user', async () => (await import('./progress.js')).putGoals),
  route('POST', '/api/subjects/{subjectId}/activity', 'user', async () => (await import('./progress.js')).recordActivity),
  route('PUT', '/api/subjects/{subjectId}/exam', 'user', async () => (await import('./plan.js')).putExam),
  route('GET', '/api/subjects/{subjectId}/plan', 'user', async () => (await import('./plan.js')).getPlan),
  route('GET', '/api/subjects/{subjectId}/plan.ics', 'user', async () => (await import('./plan.js')).getPlanCalendar),
  route('POST', '/api/subjects/{subjectId}/files/{fileId}/studied', 'user', async () => (await import('./plan.js')).markPagesStudied),
  route('GET', '/api/subjects/{subjectId}/todos', 'user', async () => (await import('./todos.js')).listSubjectTodos),
  route('POST', '/api/subjects/{subjectId}/todos', 'user', async () => (await import('./todos.js')).addTodo),
  route('POST', '/api/subjects/{subjectId}/todos/from-plan', 'user', async () => (await import('./todos.js')).addPlanTodos),
  route('PATCH', '/api/subjects/{subjectId}/todos/{todoId}', 'user', async () => (await import('./todos.js')).changeTodo),
  route('DELETE', '/api/subjects/{subjectId}/todos/{todoId}', 'user', async () => (await import('./todos.js')).removeTodo),
  route('GET', '/api/subjects/{subjectId}/stats', 'user', async () => (await import('./statistics.js')).subjectStatistics),
  route('GET', '/api/subjects/{subjectId}/stats/summary', 'user', async () => (await import('./statistics.js')).subjectSummary),
  route('GET', '/api/stats', 'user', async () => (await import('./statistics.js')).accountStatistics),
  route('GET', '/api/stats/summary', 'user', async () => (await import('./statistics.js')).accountSummary),
  route('POST', '/api/subjects/{subjectId}/exams', 'user', async () => (await import('./exams.js')).startExam),
  route('GET', '/api/subjects/{subjectId}/exams', 'user', async () => (await import('./exams.js')).listSubjectExams),
  route('GET', '/api/subjects/{subjectId}/exams/{examId}', 'user', async () => (await import('./exams.js')).getExam),
  route('PUT', '/api/subjects/{subjectId}/exams/{examId}/answers/{questionId}', 'user', async () => (await import('./exams.js')).saveAnswer),
  route('POST', '/api/subjects/{subjectId}/exams/{examId}/submit', 'user', async () => (await import('./exams.js')).submitExam),
  route('GET', '/api/subjects/{subjectId}/coach', 'user', async () => (await import('./coach.js')).getBriefing),
  route('POST', '/api/subjects/{subjectId}/coach/messages', 'user', async () => (await import('./coach.js')).askCoach),
  route('POST', '/api/subjects/{subjectId}/cases', 'user', async () => (await import('./cases.js')).startCase),
  route('GET', '/api/subjects/{subjectId}/cases', 'user', async () => (await import('./cases.js')).listSubjectCases),
  route('GET', '/api/subjects/{subjectId}/cases/{caseId}', 'user', async () => (await import('./cases.js')).getCase),
  route('POST', '/api/subjects/{subjectId}/cases/{caseId}/questions/{questionId}/answer', 'user', async () => (await import('./cases.js')).answerCase),
  route('POST', '/api/subjects/{subjectId}/podcasts', 'user', async () => (await import('./podcasts.js')).generatePodcast),
  route('GET', '/api/subjects/{subjectId}/podcasts', 'user', async () => (await import('./podcasts.js')).listSubjectPodcasts),
  route('GET', '/api/podcasts', 'user', async () => (await import('./podcasts.js')).listSavedPodcasts),
  route('GET', '/api/podcasts/{podcastId}', 'user', async () => (await import('./podcasts.js')).getPodcast),
  route('POST', '/api/podcasts/{podcastId}/save', 'user', async () => (await import('./podcasts.js')).savePodcastRoute),
  route('PUT', '/api/podcasts/{podcastId}/position', 'user', async () => (await import('./podcasts.js')).putPodcastPosition),
  route('GET', '/api/podcasts/{podcastId}/download', 'user', async () => (await import('./podcasts.js')).downloadPodcast),
  route('DELETE', '/api/podcasts/{podcastId}', 'user', async () => (await import('./podcasts.js')).deletePodcast),
  webhook('POST', '/api/webhooks/stripe', async () => (await import('./webhooks.js')).stripeWebhook),
];

/** `GET /api/profile`: the route key API Gateway puts in `event.routeKey`. */
export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>): string => `${r.method} ${r.path}`;

/**
 * `.` or `..` as a path segment, written plainly or percent-encoded (`%2e`, `%2E%2e`): a URL parser
 * would resolve it against the parent, so that `…/todos/%2e%2e` became the subject itself.
 */
export const isDotSegment = (segment: string): boolean => /^(?:\.|%2e){1,2}$/i.test(segment);

/** Whether a raw path holds a dot segment anywhere. */
export const hasDotSegment = (path: string): boolean => path.split('/').some(isDotSegment);

/**
 * Matches a concrete path against the table; returns the route and its path parameters. The path
 * is the raw one, as sent: a dot segment is never resolved and matches no route (null: 404).
 */
export function matchRoute(method: string, pathname: string): { route: RouteDef; params: Record<string, string> } | { allowed: HttpMethod[] } | null {
  if (hasDotSegment(pathname)) return null;
  const allowed: HttpMethod[] = [];
  for (const r of routes) {
    const params = matchPath(r.path, pathname);
    if (!params) continue;
    if (r.method === method) return { route: r, params };
    allowed.push(r.method);
  }
  return allowed.length ? { allowed } : null;
}

function matchPath(template: string, pathname: string): Record<string, string> | null {
  const t = template.split('/');
  const p = pathname.replace(/\/+$/, '').split('/');
  if (t.length !== p.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < t.length; i++) {
    const m = /^\{(\w+)\}$/.exec(t[i]);
    if (m) {
      if (!p[i]) return null;
      try {
        params[m[1]] = decodeURIComponent(p[i]);
      } catch {
        return null;
      }
    } else if (t[i] !== p[i]) return null;
  }
  return params;
}
