// Grading of open answers on the evaluation set (../shared/eval), through the laptop host's upload
// and course loader and the engine's evaluation as the quiz route calls it: a ratchet that holds
// each figure at or above what the grader reaches today, the tuned courses and the held-out ones
// apart (`npm run eval` prints the table).
import { describe, expect, it } from 'vitest';
import { evalCourses, evalDir, hasEvalSet, startEvalSession, uploadCourse, type UploadedCourse } from '../eval/courses.js';
import { gradingScores, gradingTotals, type AnswerKind, type GradedAnswer } from '../eval/grading.js';

/** Answers meeting their target, at least: [tuned, held out]. */
const REACHED: Record<AnswerKind, [number, number]> = {
  model_answer: [24, 8],
  paraphrase: [6, 0],
  negated: [16, 8],
  partial: [13, 7],
  off_topic: [24, 8],
};

describe('grading of open answers on the evaluation set', () => {
  it('grades model answers right, negated and off-topic ones wrong and partial ones incomplete, as often as it does today', async () => {
    expect(hasEvalSet(), `the evaluation set is expected at ${evalDir()}`).toBe(true);
    const session = await startEvalSession();
    let graded: GradedAnswer[];
    try {
      const uploaded: UploadedCourse[] = [];
      for (const course of evalCourses()) uploaded.push(await uploadCourse(session, course));
      expect(uploaded.filter((u) => u.status !== 'ready').map((u) => u.course.id)).toEqual([]);
      graded = await gradingScores(uploaded);
    } finally {
      await session.stop();
    }
    const tuned = gradingTotals(graded.filter((g) => !g.heldOut));
    const heldOut = gradingTotals(graded.filter((g) => g.heldOut));
    expect(tuned.model_answer.total).toBe(24);
    expect(heldOut.model_answer.total).toBe(8);
    for (const [kind, [t, h]] of Object.entries(REACHED) as [AnswerKind, [number, number]][]) {
      expect(tuned[kind].met, `${kind}, tuned courses`).toBeGreaterThanOrEqual(t);
      expect(heldOut[kind].met + tuned[kind].met, `${kind}, all courses`).toBeGreaterThanOrEqual(t + h);
      if (h > 0) expect(heldOut[kind].met, `${kind}, held-out courses`).toBeGreaterThanOrEqual(h);
    }
  }, 120_000);
});
