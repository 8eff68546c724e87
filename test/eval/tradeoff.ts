// The refusal trade-off on the evaluation set: every question answered by the built-in engine with
// the decision forced to answer, its evidence kept (the share of the question's topic the course
// never uses, and the best coverage of the rest by one passage), then the decision replayed at other
// thresholds: what answering more would gain (right answers) and cost (wrong answers given,
// questions the course does not answer answered anyway). The pages are the document model the
// upload produced (the pages route); the engine is called as the questions handler calls it.
import { KNOWN_COVERAGE, UNKNOWN_SHARE, type Evidence } from '../../functions/engine/local/retrieval.js';
import { answerWithEvidence } from '../../functions/engine/local/answer.js';
import { SearchIndex } from '../../functions/engine/text/search-index.js';
import type { CourseLanguage } from '../../functions/core/artefacts.js';
import type { Course, CoursePage } from '../../functions/engine/types.js';
import { judgeAnswer } from './answer-match.js';
import { evalQuestions, HELD_OUT } from './answering.js';
import type { UploadedCourse } from './courses.js';

interface Judged {
  heldOut: boolean;
  /** false: the course does not answer it. */
  answerable: boolean;
  /** The forced answer holds the expected facts on the right page. */
  right: boolean;
  evidence: Evidence;
}

export interface TradeoffRow {
  coverage: number;
  unknown: number;
  /** Answerable questions answered right, answered wrong, and unanswerable ones answered. */
  right: number;
  wrong: number;
  falseAnswers: number;
  refusalsKept: number;
  answerable: number;
  unanswerable: number;
}

function courseOf(up: UploadedCourse): Course {
  const language: CourseLanguage = up.course.language;
  const pages: CoursePage[] = up.pages.map((p) => ({ file_id: up.fileId, file_name: `${up.course.id}.pdf`, page: p.page, text: p.text, language, spans: p.spans }));
  const index = SearchIndex.build(pages);
  return { subjectId: up.subjectId, subjectName: up.course.id, language, pages, search: (q, n) => index.search(q, n) };
}

/** Every answerable, cross-language and unanswerable question, answered with the decision forced. */
export function judgeAll(uploaded: readonly UploadedCourse[]): Judged[] {
  const questions = evalQuestions();
  const out: Judged[] = [];
  for (const up of uploaded) {
    const set = questions[up.course.id];
    if (!set) continue;
    const course = courseOf(up);
    const heldOut = HELD_OUT.includes(up.course.id);
    const other: CourseLanguage = set.language === 'fr' ? 'en' : 'fr';
    const run = (q: string, ui: CourseLanguage) => answerWithEvidence({ course, question: q, mode: 'course', level: set.level, interfaceLanguage: ui }, () => true);
    for (const [items, ui] of [
      [set.answerable, set.language],
      [set.cross_language, other],
    ] as const) {
      for (const item of items) {
        const { answer, evidence } = run(item.q, ui);
        out.push({ heldOut, answerable: true, right: judgeAnswer(answer, item, up.fileId) === null, evidence });
      }
    }
    for (const q of set.not_in_course) out.push({ heldOut, answerable: false, right: false, evidence: run(q, set.language).evidence });
  }
  return out;
}

/** The decision replayed with other thresholds on the known coverage (the unknown share's kept), and on the unknown share. */
export function tradeoff(judged: readonly Judged[], heldOut: boolean): TradeoffRow[] {
  const part = judged.filter((j) => j.heldOut === heldOut);
  const rows: TradeoffRow[] = [];
  const row = (coverage: number, unknown: number): TradeoffRow => {
    const answered = (j: Judged) => j.evidence.unknownShare < unknown && j.evidence.knownCoverage >= coverage;
    const a = part.filter((j) => j.answerable);
    const n = part.filter((j) => !j.answerable);
    return {
      coverage,
      unknown,
      right: a.filter((j) => answered(j) && j.right).length,
      wrong: a.filter((j) => answered(j) && !j.right).length,
      falseAnswers: n.filter(answered).length,
      refusalsKept: n.filter((j) => !answered(j)).length,
      answerable: a.length,
      unanswerable: n.length,
    };
  };
  for (const c of [0.35, 0.45, 0.55, KNOWN_COVERAGE, 0.75, 0.85, 0.95]) rows.push(row(c, UNKNOWN_SHARE));
  for (const u of [0.3, 0.4, 0.6, 0.7, 0.85]) rows.push(row(KNOWN_COVERAGE, u));
  return rows;
}

export function formatTradeoff(judged: readonly Judged[]): string {
  const out: string[] = [];
  for (const heldOut of [false, true]) {
    const rows = tradeoff(judged, heldOut);
    const current = rows.find((r) => r.coverage === KNOWN_COVERAGE && r.unknown === UNKNOWN_SHARE) as TradeoffRow;
    out.push(heldOut ? 'held out (4)' : 'tuned (12)');
    out.push('  coverage ≥  unknown <   right answers   wrong answers   unanswerable answered   refusals kept   vs. the decision used');
    for (const r of rows) {
      const mark = r === current ? '  ← used' : `  ${r.right - current.right >= 0 ? '+' : ''}${r.right - current.right} right, ${r.falseAnswers - current.falseAnswers >= 0 ? '+' : ''}${r.falseAnswers - current.falseAnswers} unanswerable answered, ${r.wrong - current.wrong >= 0 ? '+' : ''}${r.wrong - current.wrong} wrong`;
      out.push(
        `  ${r.coverage.toFixed(2).padStart(10)}  ${r.unknown.toFixed(2).padStart(8)}   ${`${r.right}/${r.answerable}`.padStart(13)}   ${String(r.wrong).padStart(13)}   ${`${r.falseAnswers}/${r.unanswerable}`.padStart(21)}   ${`${r.refusalsKept}/${r.unanswerable}`.padStart(13)}${mark}`,
      );
    }
  }
  return out.join('\n');
}
