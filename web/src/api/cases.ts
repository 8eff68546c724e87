// The practical cases API (functions/api/cases.ts) as the case page calls it; shapes and schemas
// are the server's own (functions/core/cases.ts).
import { caseAnswerBody, createCaseBody, type CaseListItem, type CaseQuestionView, type PracticalCaseView } from '@core/cases.js';
import { call, callAll } from './client';

export type { CaseListItem, CaseQuestionView, PracticalCaseView };

export const casesApi = {
  /** Not retried: a second try would build a second case. */
  start: (subjectId: string, fileId: string | null) => call('POST /api/subjects/{subjectId}/cases', { subjectId }, fileId ? { file_id: fileId } : {}, { retry: false, schema: createCaseBody }),
  get: (subjectId: string, caseId: string) => call('GET /api/subjects/{subjectId}/cases/{caseId}', { subjectId, caseId }),
  list: (subjectId: string) => callAll('GET /api/subjects/{subjectId}/cases', { subjectId }, 'cases'),
  /** Not retried: an answer is graded once. */
  answer: (subjectId: string, caseId: string, questionId: string, answer: string) =>
    call('POST /api/subjects/{subjectId}/cases/{caseId}/questions/{questionId}/answer', { subjectId, caseId, questionId }, { answer }, { retry: false, schema: caseAnswerBody }),
};
