// The exam API (functions/api/exams.ts) as the exam page calls it. Shapes and request schemas are
// the server's own (functions/core/exam.ts).
import { createExamBody, examAnswerBody, type CreateExamBody, type ExamAnswerBody, type ExamCorrection, type ExamListItem, type ExamResult, type ExamView } from '../../../functions/core/exam';
import { api } from './client';
import { withTimeZone } from './timezone';

export type { CreateExamBody, ExamAnswerBody, ExamCorrection, ExamListItem, ExamResult, ExamView };

const enc = encodeURIComponent;
const examsPath = (subjectId: string) => `/subjects/${enc(subjectId)}/exams`;

export const examsApi = {
  /** Not retried: a second try would start a second exam. */
  start: (subjectId: string, body: CreateExamBody) => api.post<ExamView>(examsPath(subjectId), withTimeZone(body), { retry: false, schema: createExamBody }),
  list: (subjectId: string) => api.getAll<{ exams: ExamListItem[] }>(examsPath(subjectId), 'exams'),
  get: (subjectId: string, examId: string) => api.get<ExamView>(`${examsPath(subjectId)}/${enc(examId)}`),
  /** Saving the same answer twice changes nothing: safe to retry. */
  answer: (subjectId: string, examId: string, questionId: string, body: ExamAnswerBody) =>
    api.put<{ saved: true; remaining_ms: number }>(`${examsPath(subjectId)}/${enc(examId)}/answers/${enc(questionId)}`, body, { schema: examAnswerBody }),
  /** Submitted once on the server whatever races: safe to retry. */
  submit: (subjectId: string, examId: string) => api.post<ExamView>(`${examsPath(subjectId)}/${enc(examId)}/submit`),
};
