// Grading of open answers on the evaluation set (../shared/eval): each course's `grading` items
// graded by the study engine's evaluation of an open quiz answer, called as the quiz answer route
// calls it (the configured engine's practice side, Premium's model, the subject's course narrowed
// to the uploaded file by the same loader, the student's level: the course's own in questions.json). The route's
// question is one the engine drew from the course, with a rubric cut from the cited sentences; here
// the question is the item's and its rubric is cut the same way from the item's model answer
// (clauses of the text, as many as the level asks for), citing the course page that retrieval finds
// for it. Each item's five answers are scored 0–100 and judged against the set's targets:
// - the model answer ≥ 90, the paraphrase ≥ 70;
// - the negated answer ≤ 20, the off-topic one ≤ 20 (graded wrong);
// - the partial answer strictly between: 30–69 (graded incomplete).
// Four courses are held out from tuning (HELD_OUT) and their totals are reported apart.
import type { EducationLevel } from '../../functions/core/profile.js';
import { rubricOfText } from '../../functions/engine/local/quiz-rubric.js';
import type { CourseLanguage, QuizQuestion } from '../../functions/core/artefacts.js';
import type { Course, EvaluationRequest } from '../../functions/engine/types.js';
import { loadPracticeEngine, studyContext } from '../../functions/platform/study-context.js';
import { HELD_OUT, evalQuestions } from './answering.js';
import type { UploadedCourse } from './courses.js';

export interface GradingItem {
  question: string;
  model_answer: string;
  paraphrase: string;
  negated: string;
  partial: string;
  off_topic: string;
}

export const ANSWER_KINDS = ['model_answer', 'paraphrase', 'negated', 'partial', 'off_topic'] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

/** Whether a score meets the set's target for that kind of answer. */
export function meetsTarget(kind: AnswerKind, score: number): boolean {
  switch (kind) {
    case 'model_answer':
      return score >= 90;
    case 'paraphrase':
      return score >= 70;
    case 'negated':
    case 'off_topic':
      return score <= 20;
    case 'partial':
      return score >= 30 && score < 70;
    default: {
      const never: never = kind;
      throw new Error(`unknown answer kind ${String(never)}`);
    }
  }
}

export interface GradedAnswer {
  course: string;
  heldOut: boolean;
  question: string;
  kind: AnswerKind;
  answer: string;
  score: number;
  met: boolean;
}

/** One course's grading input: the course as the quiz route loads it, its level and its items. */
export interface GradingCourse {
  id: string;
  level: EducationLevel;
  course: Course;
  fileId: string;
  items: GradingItem[];
}

/** The open quiz question of a grading item: its question, a rubric cut from its model answer, the page retrieval finds for it. */
export function gradingQuestion(course: Course, fileId: string, item: GradingItem, level: EducationLevel): QuizQuestion {
  const lang: CourseLanguage = course.language;
  const rubric = rubricOfText(item.model_answer, lang, level);
  const passage = course.search(`${item.question} ${item.model_answer}`, 1)[0];
  const page = course.pages.find((p) => p.file_id === fileId && p.page === passage?.page) ?? course.pages[0];
  return {
    type: 'open',
    difficulty: 'easy',
    fact_key: `grading:${item.question}`,
    kind: 'definition',
    question: item.question,
    rubric,
    explanation: item.model_answer,
    citations: [{ file_id: page.file_id, file_name: page.file_name, page: page.page, quote: (passage?.text ?? page.text).slice(0, 600) }],
  };
}

/** Every item's five answers graded by the engine's evaluation. */
export async function gradeCourses(courses: readonly GradingCourse[]): Promise<GradedAnswer[]> {
  const engine = await loadPracticeEngine({ subscribed: true });
  const out: GradedAnswer[] = [];
  for (const c of courses) {
    for (const item of c.items) {
      const question = gradingQuestion(c.course, c.fileId, item, c.level);
      for (const kind of ANSWER_KINDS) {
        const request: EvaluationRequest = { course: c.course, question, answer: item[kind], level: c.level };
        const { score } = await engine.evaluate(request);
        out.push({ course: c.id, heldOut: HELD_OUT.includes(c.id), question: item.question, kind, answer: item[kind], score, met: meetsTarget(kind, score) });
      }
    }
  }
  return out;
}

/** The uploaded courses, each loaded as the quiz route loads a session's file, with their grading items. */
export async function gradingCourses(uploaded: readonly UploadedCourse[]): Promise<GradingCourse[]> {
  const questions = evalQuestions() as unknown as Record<string, { level: EducationLevel; grading?: GradingItem[] }>;
  const out: GradingCourse[] = [];
  for (const up of uploaded) {
    const set = questions[up.course.id];
    if (!set?.grading?.length) continue;
    const { course } = await studyContext(up.userId, up.subjectId, { fileId: up.fileId, now: new Date() });
    out.push({ id: up.course.id, level: set.level, course, fileId: up.fileId, items: set.grading });
  }
  return out;
}

/** The uploaded courses' grading items, graded (each course read as the student who uploaded it). */
export async function gradingScores(uploaded: readonly UploadedCourse[]): Promise<GradedAnswer[]> {
  return gradeCourses(await gradingCourses(uploaded));
}

export interface GradingTally {
  met: number;
  total: number;
}

export type GradingTotals = Record<AnswerKind, GradingTally>;

/** Answers meeting their target, by kind. */
export function gradingTotals(graded: readonly GradedAnswer[]): GradingTotals {
  const totals = Object.fromEntries(ANSWER_KINDS.map((k) => [k, { met: 0, total: 0 }])) as GradingTotals;
  for (const g of graded) {
    totals[g.kind].total += 1;
    if (g.met) totals[g.kind].met += 1;
  }
  return totals;
}

const HEADERS: Record<AnswerKind, string> = {
  model_answer: 'model ≥90',
  paraphrase: 'paraphrase ≥70',
  negated: 'negated ≤20',
  partial: 'partial 30–69',
  off_topic: 'off-topic ≤20',
};

function layout(header: string[], body: string[][], footer: string[][]): string {
  const all = [header, ...body, ...footer];
  const widths = header.map((_, col) => Math.max(...all.map((r) => (r[col] ?? '').length)));
  const format = (r: string[]) => r.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]) : cell.padStart(widths[col]))).join('  ').trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [format(header), rule, ...body.map(format), rule, ...footer.map(format)].join('\n');
}

/**
 * A row per course (held-out ones marked `*`): for each kind, the items meeting the target and
 * the scores; then the tuned, held-out and overall totals.
 */
export function formatGradingTable(graded: readonly GradedAnswer[]): string {
  const ids = [...new Set(graded.map((g) => g.course))];
  const row = (name: string, rows: readonly GradedAnswer[], scores: boolean) => {
    const totals = gradingTotals(rows);
    return [
      name,
      ...ANSWER_KINDS.map((k) => {
        const t = totals[k];
        const shown = scores
          ? ` (${rows
              .filter((g) => g.kind === k)
              .map((g) => g.score)
              .join(', ')})`
          : ` ${t.total ? Math.round((100 * t.met) / t.total) : 0} %`;
        return `${t.met}/${t.total}${shown}`;
      }),
    ];
  };
  const body = ids.map((id) => {
    const rows = graded.filter((g) => g.course === id);
    return row(`${id}${rows[0]?.heldOut ? ' *' : ''}`, rows, true);
  });
  const tuned = graded.filter((g) => !g.heldOut);
  const held = graded.filter((g) => g.heldOut);
  const courses = (rows: readonly GradedAnswer[]) => new Set(rows.map((g) => g.course)).size;
  return layout(['course', ...ANSWER_KINDS.map((k) => HEADERS[k])], body, [
    row(`tuned (${courses(tuned)})`, tuned, false),
    row(`held out (${courses(held)})`, held, false),
    row(`all (${courses(graded)})`, graded, false),
  ]);
}

/** The answers missing their target, one line each: course, kind, score, question and answer. */
export function formatGradingMisses(graded: readonly GradedAnswer[]): string {
  return graded
    .filter((g) => !g.met)
    .map((g) => `${g.course} ${g.kind} ${g.score}: ${g.question}\n    « ${g.answer} »`)
    .join('\n');
}
