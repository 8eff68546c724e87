// Practical cases (Premium, `practical_cases`): a case is built by rules from the
// course's rules and definitions (engine/case.ts: a problem with data and its worked solution for
// a scientific course), its questions shown without their rubric, model answer or reasoning until
// answered; each open answer is graded once against its rubric by the configured engine, and the
// correction (score, what is missing, the model answer, the reasoning expected, the pages) comes
// back with it.
import { AppError } from '../core/errors.js';
import { byIdNewestFirst, pageOf, pageQuery } from '../core/paging.js';
import { caseAnswerBody, caseParams, caseQuestionParams, createCaseBody, type CaseQuestionView, type PracticalCaseView } from '../core/cases.js';
import { subjectParams } from '../core/schemas.js';
import { buildPracticalCase, gradedAsOpen, type CaseQuestion } from '../engine/case.js';
import { evaluationSchema } from '../core/artefacts.js';
import { generate } from '../platform/course.js';
import { Reply, userRoute } from '../platform/http.js';
import { currentPlan } from '../platform/plan.js';
import { createCase, getCaseOrThrow, listCases, saveCaseAnswer, type CaseRecord } from '../platform/store/cases.js';
import { deleteExamItem } from '../platform/store/exams.js';
import { newItemId } from '../platform/store/drafts.js';
import { findSubject, getSubjectOrThrow } from '../platform/store/subjects.js';
import { loadPracticeEngine, practiceGenerate, studyContext } from '../platform/study-context.js';
import { requirePremium } from '../platform/usage.js';
import { isEngineError } from '../engine/errors.js';


/** A question as the student sees it: its correction only once answered. */
function questionView(q: CaseQuestion, record: CaseRecord): CaseQuestionView {
  const answered = record.answers[q.id];
  const base = { id: q.id, index: q.index, kind: q.kind, prompt: q.prompt };
  if (!answered) return base;
  return { ...base, answer: answered.answer, evaluation: answered.evaluation, rubric: q.rubric, reasoning: q.reasoning, citations: q.citations, ...(q.solution ? { solution: q.solution } : {}) };
}

function caseView(record: CaseRecord): PracticalCaseView {
  const c = record.content;
  return {
    id: record.id,
    subject_id: record.subject_id,
    file_id: record.file_id,
    created_at: record.created_at,
    title: c.title,
    language: c.language,
    scenario: c.scenario,
    scientific: c.scientific,
    questions: c.questions.map((q) => questionView(q, record)),
  };
}

export const startCase = userRoute({ params: subjectParams, body: createCaseBody }, async ({ params, body, user }) => {
  await getSubjectOrThrow(user.id, params.subjectId);
  await requirePremium(user.id, 'practical_cases', { plan: await currentPlan(user.id, new Date()) });
  const now = new Date();
  const { course, level } = await studyContext(user.id, params.subjectId, { now });
  if (body.file_id && !course.pages.some((p) => p.file_id === body.file_id)) throw new AppError('file_not_found');
  const id = newItemId(now);
  const content = await generate('generation_failed', { userId: user.id, subjectId: params.subjectId, case: id }, async () => {
    try {
      return buildPracticalCase({ course, fileId: body.file_id ?? null, level, seed: id });
    } catch (err) {
      if (isEngineError(err) && err.kind === 'exhausted') throw new AppError('case_unavailable');
      throw err;
    }
  });
  const record: CaseRecord = { id, subject_id: params.subjectId, file_id: body.file_id ?? null, created_at: now.toISOString(), content, answers: {} };
  await createCase(user.id, record);
  if (!(await findSubject(user.id, params.subjectId))) {
    await deleteExamItem(user.id, params.subjectId, id);
    throw new AppError('subject_not_found');
  }
  return new Reply(201, caseView(record));
});

export const listSubjectCases = userRoute({ params: subjectParams, query: pageQuery }, async ({ params, query, user }) => {
  await getSubjectOrThrow(user.id, params.subjectId);
  const page = pageOf(await listCases(user.id, params.subjectId), byIdNewestFirst, query);
  return { cases: page.items, ...(page.next ? { next: page.next } : {}) };
});

export const getCase = userRoute({ params: caseParams }, async ({ params, user }) => caseView(await getCaseOrThrow(user.id, params.subjectId, params.caseId)));

export const answerCase = userRoute({ params: caseQuestionParams, body: caseAnswerBody }, async ({ params, body, user }) => {
  await requirePremium(user.id, 'practical_cases');
  const record = await getCaseOrThrow(user.id, params.subjectId, params.caseId);
  const q = record.content.questions.find((x) => x.id === params.questionId);
  if (!q) throw new AppError('exam_question_not_found');
  if (record.answers[q.id]) throw new AppError('quiz_already_answered');
  const { plan, course, level } = await studyContext(user.id, params.subjectId, { now: new Date() });
  const evaluation = await practiceGenerate('evaluation_failed', null, { userId: user.id, subjectId: params.subjectId, case: record.id }, async () =>
    evaluationSchema.parse(await (await loadPracticeEngine(plan)).evaluate({ course, question: gradedAsOpen(q, record.content.scenario), answer: body.answer, level })),
  );
  await saveCaseAnswer(user.id, params.subjectId, record.id, q.id, { answer: body.answer, evaluation, at: new Date().toISOString() });
  const updated = await getCaseOrThrow(user.id, params.subjectId, record.id);
  return { question: questionView(q, updated) };
});
