// The practical cases API (functions/api/cases.ts) as the case page calls it; shapes and schemas
// are the server's own (functions/core/cases.ts).
import { caseAnswerBody, createCaseBody, type CaseListItem, type CaseQuestionView, type PracticalCaseView } from '../../../functions/core/cases';
import { api } from './client';

export type { CaseListItem, CaseQuestionView, PracticalCaseView };

const enc = encodeURIComponent;
const casesPath = (subjectId: string) => `/subjects/${enc(subjectId)}/cases`;

export const casesApi = {
  /** Not retried: a second try would build a second case. */
  start: (subjectId: string, fileId: string | null) => api.post<PracticalCaseView>(casesPath(subjectId), fileId ? { file_id: fileId } : {}, { retry: false, schema: createCaseBody }),
  get: (subjectId: string, caseId: string) => api.get<PracticalCaseView>(`${casesPath(subjectId)}/${enc(caseId)}`),
  list: (subjectId: string) => api.getAll<{ cases: CaseListItem[] }>(casesPath(subjectId), 'cases'),
  /** Not retried: an answer is graded once. */
  answer: (subjectId: string, caseId: string, questionId: string, answer: string) =>
    api.post<{ question: CaseQuestionView }>(`${casesPath(subjectId)}/${enc(caseId)}/questions/${enc(questionId)}/answer`, { answer }, { retry: false, schema: caseAnswerBody }),
};
