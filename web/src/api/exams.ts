// The exam API (functions/api/exams.ts) as the exam page calls it. Shapes and request schemas are
// the server's own (functions/core/exam.ts).
import { createExamBody, examAnswerBody, type CreateExamBody, type ExamAnswerBody, type ExamCorrection, type ExamListItem, type ExamResult, type ExamView } from '@core/exam.js';
import { call, callAll } from './client';
import { withTimeZone } from './timezone';

export type { CreateExamBody, ExamAnswerBody, ExamCorrection, ExamListItem, ExamResult, ExamView };

export const examsApi = {
  /** Not retried: a second try would start a second exam. */
  start: (subjectId: string, body: CreateExamBody) => call('POST /api/subjects/{subjectId}/exams', { subjectId }, withTimeZone(body), { retry: false, schema: createExamBody }),
  list: (subjectId: string) => callAll('GET /api/subjects/{subjectId}/exams', { subjectId }, 'exams'),
  get: (subjectId: string, examId: string) => call('GET /api/subjects/{subjectId}/exams/{examId}', { subjectId, examId }),
  /** Saving the same answer twice changes nothing: safe to retry. */
  answer: (subjectId: string, examId: string, questionId: string, body: ExamAnswerBody) =>
    call('PUT /api/subjects/{subjectId}/exams/{examId}/answers/{questionId}', { subjectId, examId, questionId }, body, { schema: examAnswerBody }),
  /** Submitted once on the server whatever races: safe to retry. */
  submit: (subjectId: string, examId: string) => call('POST /api/subjects/{subjectId}/exams/{examId}/submit', { subjectId, examId }),
};
