// Practical cases' request schemas and views (the builder is engine/case.ts, the handlers
// api/cases.ts): shared by the server and the web app.
import { z } from 'zod';
import type { Citation, CourseLanguage, Evaluation, ExerciseSolution } from './artefacts.js';
import { ID_MAX, MAX_ANSWER_CHARS } from './limits.js';

export const createCaseBody = z.object({ file_id: z.string().min(1).max(ID_MAX).optional() }).strict();
export const caseParams = z.object({ subjectId: z.string().min(1).max(ID_MAX), caseId: z.string().min(1).max(ID_MAX) });
export const caseQuestionParams = caseParams.extend({ questionId: z.string().min(1).max(ID_MAX) });
export const caseAnswerBody = z.object({ answer: z.string().trim().min(1).max(MAX_ANSWER_CHARS) }).strict();

/** A question of a case: its correction only once answered. */
export interface CaseQuestionView {
  id: string;
  index: number;
  kind: 'apply' | 'compute';
  prompt: string;
  answer?: string;
  evaluation?: Evaluation;
  rubric?: { key_points: string[]; model_answer: string };
  reasoning?: string[];
  citations?: Citation[];
  solution?: ExerciseSolution;
}

export interface PracticalCaseView {
  id: string;
  subject_id: string;
  file_id: string | null;
  created_at: string;
  title: string;
  language: CourseLanguage;
  scenario: string[];
  scientific: boolean;
  questions: CaseQuestionView[];
}

export interface CaseListItem {
  id: string;
  title: string;
  created_at: string;
  questions: number;
  answered: number;
}
