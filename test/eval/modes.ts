// The five answer modes on the evaluation set, for every answerable question that mode "course"
// answers right, asked as the browser asks (the questions route):
// - answered: each other mode answers it too (`found`);
// - distinct: no two modes give answers whose word sets overlap above 0.8 (Jaccard on folded words);
// - step by step: ordered steps of one process (two or more steps whose citations never go back in
//   the document), or an answer that says the question is not about a process;
// - concise: one or two sentences, ending as a sentence ends (never on a colon), that hold the
//   expected facts as mode "course" does.
// The 12 tuned courses and the 4 held out apart.
import type { Answer, AnswerMode, CourseLanguage } from '../../functions/core/artefacts.js';
import { foldText, judgeAnswer } from './answer-match.js';
import { ask, evalQuestions, HELD_OUT } from './answering.js';
import type { EvalSession, UploadedCourse } from './courses.js';

export const MODES: readonly AnswerMode[] = ['course', 'concise', 'detailed', 'step_by_step', 'exercise'];
/** Above this Jaccard overlap of their word sets, two modes say the same thing. */
export const SAME_ANSWER = 0.8;

export interface ModeTally {
  /** Questions mode "course" answers right. */
  questions: number;
  /** Per mode: how many of those it answers. */
  answered: Record<AnswerMode, number>;
  /** Questions where every pair of modes stays at or below SAME_ANSWER. */
  distinct: number;
  stepsOk: number;
  conciseOk: number;
}

export interface ModeReport {
  tuned: ModeTally;
  heldOut: ModeTally;
  /** One line per failure: course, question, what failed. */
  misses: string[];
}

const empty = (): ModeTally => ({ questions: 0, answered: Object.fromEntries(MODES.map((m) => [m, 0])) as Record<AnswerMode, number>, distinct: 0, stepsOk: 0, conciseOk: 0 });

/** The folded words of an answer's blocks (labels such as "Étape 1 :" included: they are what the student reads). */
export function wordSet(answer: Answer): Set<string> {
  return new Set(foldText(answer.blocks.map((b) => b.text).join(' ')).match(/[\p{L}\p{N}]+/gu) ?? []);
}

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  const union = a.size + b.size - inter;
  return union === 0 ? 1 : inter / union;
}

/** Sentences of a text: cut after . ! ? followed by a space and a capital or a digit. */
export function sentenceCount(text: string): number {
  return text.split(/(?<=[.!?…])\s+(?=[\p{Lu}\d«"(])/u).filter((s) => s.trim()).length;
}

/** Ordered steps of one process, or a clear "not a process" answer (no steps, found). */
export function stepsAreOrdered(answer: Answer): boolean {
  const steps = answer.blocks.filter((b) => b.kind === 'step');
  if (steps.length === 0) return answer.found && answer.blocks.length > 0;
  if (steps.length < 2) return false;
  let last = -Infinity;
  for (const s of steps) {
    const page = Math.min(...s.citations.map((c) => c.page));
    if (!Number.isFinite(page) || page < last) return false;
    last = page;
  }
  return true;
}

/** One block of one or two sentences, ending as a sentence ends, holding the expected facts. */
export function conciseAnswers(answer: Answer, item: { q: string; page: number; expect: string[]; also_pages?: number[] }, fileId: string): boolean {
  if (!answer.found || answer.blocks.length !== 1) return false;
  const text = answer.blocks[0].text.trim();
  if (/[:;,]$/u.test(text) || sentenceCount(text) > 2) return false;
  return judgeAnswer(answer, item, fileId) === null;
}

/** Asks every answerable question of every course in the five modes and measures them. */
export async function modeScores(session: EvalSession, uploaded: readonly UploadedCourse[]): Promise<ModeReport> {
  const questions = evalQuestions();
  const report: ModeReport = { tuned: empty(), heldOut: empty(), misses: [] };
  for (const up of uploaded) {
    const set = questions[up.course.id];
    if (!set) continue;
    const tally = HELD_OUT.includes(up.course.id) ? report.heldOut : report.tuned;
    const lang: CourseLanguage = set.language;
    for (const item of set.answerable) {
      const answers = new Map<AnswerMode, Answer>();
      for (const mode of MODES) {
        const asked = await ask(session, up, item.q, mode, lang);
        if ('answer' in asked) answers.set(mode, asked.answer);
      }
      const course = answers.get('course');
      if (!course || judgeAnswer(course, item, up.fileId) !== null) continue;
      tally.questions++;
      const miss = (what: string) => report.misses.push(`${up.course.id}: ${item.q}\n    → ${what}`);
      for (const mode of MODES) {
        if (answers.get(mode)?.found) tally.answered[mode]++;
        else miss(`mode ${mode} does not answer`);
      }
      const sets = MODES.map((m) => [m, answers.get(m)] as const).filter(([, a]) => a?.found).map(([m, a]) => [m, wordSet(a as Answer)] as const);
      let same: string | null = null;
      for (let i = 0; i < sets.length && !same; i++) {
        for (let j = i + 1; j < sets.length && !same; j++) {
          const overlap = jaccard(sets[i][1], sets[j][1]);
          if (overlap > SAME_ANSWER) same = `${sets[i][0]} and ${sets[j][0]} overlap ${overlap.toFixed(2)}`;
        }
      }
      if (same) miss(same);
      else tally.distinct++;
      const steps = answers.get('step_by_step');
      if (steps && stepsAreOrdered(steps)) tally.stepsOk++;
      else miss('step by step: not ordered steps of one process');
      const concise = answers.get('concise');
      if (concise && conciseAnswers(concise, item, up.fileId)) tally.conciseOk++;
      else miss(`concise: ${concise ? concise.blocks.map((b) => b.text).join(' | ').slice(0, 140) : 'no answer'}`);
    }
  }
  return report;
}

const pct = (n: number, d: number): string => (d ? `${n}/${d} ${Math.round((100 * n) / d)} %` : '–');

/** The measures, tuned and held out, one row each. */
export function formatModeTable(report: ModeReport): string {
  const head = ['', 'asked', ...MODES.filter((m) => m !== 'course').map((m) => `${m} answers`), 'distinct ≤ 0.8', 'steps ordered', 'concise answers'];
  const row = (name: string, t: ModeTally) => [
    name,
    String(t.questions),
    ...MODES.filter((m) => m !== 'course').map((m) => pct(t.answered[m], t.questions)),
    pct(t.distinct, t.questions),
    pct(t.stepsOk, t.questions),
    pct(t.conciseOk, t.questions),
  ];
  const rows = [head, row('tuned (12)', report.tuned), row('held out (4)', report.heldOut)];
  const widths = head.map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')).join('\n');
}
