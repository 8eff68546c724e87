// Answering on the evaluation set (../shared/eval): every question of `questions.json` asked as the
// browser asks it (POST /api/subjects/{subjectId}/questions, `{question, mode}`, the interface
// language in `x-revise-language`) on the laptop host, against the courses uploaded by
// `uploadCourse`, and scored as the set's README says:
// - answerable and cross-language questions: right when found, holding every `expect` token
//   (folded: case, whitespace, minus signs, apostrophes, spaces inside numbers) and citing `page`
//   or one of `also_pages`; answerable ones are also counted per question `style`;
// - not_in_course questions: right when refused (`found: false`);
// - the exercise (4 courses): asked in mode 'exercise', right when every quantity of
//   `final_answer` (number to its precision, with its unit) appears and the worked example's page
//   is cited.
// Four courses are held out from tuning (HELD_OUT) and their totals are reported apart.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { answerSchema, type Answer, type AnswerMode, type CourseLanguage } from '../../functions/core/artefacts.js';
import { api } from '../support/host.js';
import { answerText, judgeAnswer, judgeExercise } from './answer-match.js';
import { evalDir, type EvalSession, type UploadedCourse } from './courses.js';

export const QUESTION_STYLES = ['literal', 'paraphrase', 'why', 'how', 'number', 'date', 'list', 'compare'] as const;
export type QuestionStyle = (typeof QUESTION_STYLES)[number];

export interface EvalItem {
  q: string;
  page: number;
  expect: string[];
  style?: QuestionStyle;
  also_pages?: number[];
}

export interface EvalCourseQuestions {
  language: CourseLanguage;
  level: 'college' | 'lycee' | 'licence' | 'master';
  answerable: EvalItem[];
  cross_language: EvalItem[];
  not_in_course: string[];
  exercise?: { q: string; final_answer: string; page: number };
}

/** The set's questions, keyed by course id. */
export function evalQuestions(): Record<string, EvalCourseQuestions> {
  return JSON.parse(readFileSync(path.join(evalDir(), 'questions.json'), 'utf8')) as Record<string, EvalCourseQuestions>;
}

/**
 * The four courses kept out of tuning: two French, two English, one of each level, so that the
 * held-out part is not one kind of course:
 * - fr-circuits-electriques: collège, physics, a two-column page and a worked exercise (decimal
 *   commas and units V, mA, W), so that one of the four exercises is measured unseen;
 * - fr-droit-des-contrats: licence, law (a vocabulary far from the sciences), the longest handout
 *   (5 pages), running header and a footer holding only the page number;
 * - en-immune-system: lycée, biology, running header and footer;
 * - en-marketing-mix: master, business, plain layout, abstract wording.
 * The tuned 12 keep three exercises (acids, normal distribution, monopoly), both layouts with two
 * columns and running headers, and every level in both languages.
 */
export const HELD_OUT: readonly string[] = ['fr-circuits-electriques', 'fr-droit-des-contrats', 'en-immune-system', 'en-marketing-mix'];

export interface Tally {
  right: number;
  total: number;
}

/** One course's figures in one answer mode. */
export interface ModeScore {
  mode: AnswerMode;
  /** Answerable questions answered right. */
  answers: Tally;
  /** Answerable questions by style. */
  byStyle: Record<QuestionStyle, Tally>;
  /** Questions in the other language answered right. */
  crossLanguage: Tally;
  /** not_in_course questions refused. */
  refusals: Tally;
}

export interface CourseAnswerScore {
  id: string;
  language: CourseLanguage;
  level: string;
  heldOut: boolean;
  /** One entry per mode asked, in the order of `opts.modes`. */
  modes: ModeScore[];
  /** The exercise in mode 'exercise'; null when the course has none. */
  exercise: Tally | null;
}

export type MissKind = 'answerable' | 'cross_language' | 'not_in_course' | 'exercise';

export interface AnswerMiss {
  course: string;
  mode: AnswerMode;
  kind: MissKind;
  style?: QuestionStyle;
  question: string;
  /** refused / missing tokens [...] / wrong page [...] / answered (not refused) / HTTP ... */
  reason: string;
  /** The start of the answer's text (or its not-found message), for reading. */
  answer: string;
}

export interface AnswerReport {
  modes: AnswerMode[];
  courses: CourseAnswerScore[];
  misses: AnswerMiss[];
  /** Requests made, and the slowest and median answer time (ms), seen from the client. */
  requests: number;
  medianMs: number;
  maxMs: number;
}

const tally = (): Tally => ({ right: 0, total: 0 });
const count = (t: Tally, right: boolean): void => {
  t.total += 1;
  if (right) t.right += 1;
};
const excerpt = (text: string, max = 160): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

export type Asked = { answer: Answer; ms: number } | { error: string; ms: number };

/** One question, as the browser asks it, by the course's student: a new conversation on the subject, in `lang` for the interface. */
export async function ask(session: EvalSession, up: UploadedCourse, question: string, mode: AnswerMode, lang: CourseLanguage): Promise<Asked> {
  const t0 = performance.now();
  const reply = await api(session.host, `/api/subjects/${up.subjectId}/questions`, {
    method: 'POST',
    token: up.token,
    body: { question, mode },
    headers: { 'accept-language': lang, 'x-revise-language': lang },
  });
  const ms = performance.now() - t0;
  if (reply.status < 200 || reply.status >= 300) return { error: `HTTP ${reply.status} ${reply.body?.error?.code ?? ''}`.trim(), ms };
  const parsed = answerSchema.safeParse(reply.body?.turn?.answer);
  if (!parsed.success) return { error: `malformed answer: ${parsed.error.issues[0]?.message ?? ''}`, ms };
  return { answer: parsed.data, ms };
}

/** What a miss shows of the answer: its not-found message, an exercise's final answer, or the start of its text. */
function shown(answer: Answer): string {
  if (!answer.found) return excerpt(answer.not_found_message ?? answer.blocks.map((b) => b.text).join(' '));
  if (answer.exercise) return excerpt(answer.exercise.final_answer.text);
  return excerpt(answerText(answer));
}

/**
 * Asks every question of every uploaded course and scores the answers. `modes` (default
 * ['course']) are the modes the answerable, cross-language and not_in_course questions are asked
 * in; the exercise is asked once, in mode 'exercise'. Questions are asked in the question's own
 * language for the interface (the course's, or the other one for cross-language questions).
 */
export async function answerScores(session: EvalSession, uploaded: UploadedCourse[], opts: { modes?: AnswerMode[] } = {}): Promise<AnswerReport> {
  const modes = opts.modes?.length ? opts.modes : (['course'] as AnswerMode[]);
  const questions = evalQuestions();
  const courses: CourseAnswerScore[] = [];
  const misses: AnswerMiss[] = [];
  const times: number[] = [];
  for (const up of uploaded) {
    const id = up.course.id;
    const set = questions[id];
    if (!set) throw new Error(`${id}: no questions in questions.json`);
    const lang = set.language;
    const other: CourseLanguage = lang === 'fr' ? 'en' : 'fr';
    const run = async (question: string, mode: AnswerMode, asIn: CourseLanguage): Promise<Asked> => {
      const asked = await ask(session, up, question, mode, asIn);
      times.push(asked.ms);
      return asked;
    };
    const score: CourseAnswerScore = { id, language: lang, level: set.level, heldOut: HELD_OUT.includes(id), modes: [], exercise: null };
    for (const mode of modes) {
      const m: ModeScore = {
        mode,
        answers: tally(),
        byStyle: Object.fromEntries(QUESTION_STYLES.map((s) => [s, tally()])) as Record<QuestionStyle, Tally>,
        crossLanguage: tally(),
        refusals: tally(),
      };
      for (const [kind, items, asIn] of [
        ['answerable', set.answerable, lang],
        ['cross_language', set.cross_language, other],
      ] as const) {
        for (const item of items) {
          const asked = await run(item.q, mode, asIn);
          const reason = 'error' in asked ? asked.error : judgeAnswer(asked.answer, item, up.fileId);
          if (kind === 'answerable') {
            count(m.answers, reason === null);
            if (item.style) count(m.byStyle[item.style], reason === null);
          } else count(m.crossLanguage, reason === null);
          if (reason !== null) misses.push({ course: id, mode, kind, style: item.style, question: item.q, reason, answer: 'error' in asked ? '' : shown(asked.answer) });
        }
      }
      for (const q of set.not_in_course) {
        const asked = await run(q, mode, lang);
        const refused = !('error' in asked) && !asked.answer.found;
        count(m.refusals, refused);
        if (!refused) {
          const reason = 'error' in asked ? asked.error : 'answered (not refused)';
          misses.push({ course: id, mode, kind: 'not_in_course', question: q, reason, answer: 'error' in asked ? '' : shown(asked.answer) });
        }
      }
      score.modes.push(m);
    }
    if (set.exercise) {
      const asked = await run(set.exercise.q, 'exercise', lang);
      const reason = 'error' in asked ? asked.error : judgeExercise(asked.answer, set.exercise, up.fileId);
      score.exercise = { right: reason === null ? 1 : 0, total: 1 };
      if (reason !== null) {
        misses.push({
          course: id,
          mode: 'exercise',
          kind: 'exercise',
          question: set.exercise.q,
          reason: `${reason} (expected ${set.exercise.final_answer})`,
          answer: 'error' in asked ? '' : shown(asked.answer),
        });
      }
    }
    courses.push(score);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    modes,
    courses,
    misses,
    requests: times.length,
    medianMs: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0),
    maxMs: Math.round(sorted[sorted.length - 1] ?? 0),
  };
}

// ---- Totals and tables ----

const add = (a: Tally, b: Tally | null | undefined): Tally => ({ right: a.right + (b?.right ?? 0), total: a.total + (b?.total ?? 0) });

/** A mode's figures summed over courses (the exercise once per course). */
export interface AnswerTotals {
  courses: number;
  answers: Tally;
  paraphrase: Tally;
  byStyle: Record<QuestionStyle, Tally>;
  crossLanguage: Tally;
  refusals: Tally;
  exercise: Tally;
}

export function sumScores(courses: readonly CourseAnswerScore[], mode: AnswerMode): AnswerTotals {
  const out: AnswerTotals = {
    courses: courses.length,
    answers: tally(),
    paraphrase: tally(),
    byStyle: Object.fromEntries(QUESTION_STYLES.map((s) => [s, tally()])) as Record<QuestionStyle, Tally>,
    crossLanguage: tally(),
    refusals: tally(),
    exercise: tally(),
  };
  for (const c of courses) {
    const m = c.modes.find((x) => x.mode === mode);
    out.exercise = add(out.exercise, c.exercise);
    if (!m) continue;
    out.answers = add(out.answers, m.answers);
    out.paraphrase = add(out.paraphrase, m.byStyle.paraphrase);
    out.crossLanguage = add(out.crossLanguage, m.crossLanguage);
    out.refusals = add(out.refusals, m.refusals);
    for (const s of QUESTION_STYLES) out.byStyle[s] = add(out.byStyle[s], m.byStyle[s]);
  }
  return out;
}

/** The tuned courses, the held-out ones, and all. */
export function splitTotals(report: AnswerReport, mode: AnswerMode): { tuned: AnswerTotals; heldOut: AnswerTotals; all: AnswerTotals } {
  return {
    tuned: sumScores(
      report.courses.filter((c) => !c.heldOut),
      mode,
    ),
    heldOut: sumScores(
      report.courses.filter((c) => c.heldOut),
      mode,
    ),
    all: sumScores(report.courses, mode),
  };
}

const pct = (t: Tally): string => (t.total ? `${Math.round((100 * t.right) / t.total)} %` : '–');
const frac = (t: Tally): string => (t.total ? `${t.right}/${t.total}` : '–');
const both = (t: Tally): string => (t.total ? `${frac(t)} ${pct(t).padStart(5)}` : '–');

function layout(header: string[], body: string[][], footer: string[][]): string {
  const all = [header, ...body, ...footer];
  const widths = header.map((_, col) => Math.max(...all.map((r) => (r[col] ?? '').length)));
  const format = (r: string[]) => r.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]) : cell.padStart(widths[col]))).join('  ').trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [format(header), rule, ...body.map(format), rule, ...footer.map(format)].join('\n');
}

/**
 * Per mode: a table with a row per course (held-out ones marked `*`: answers, paraphrase style,
 * cross-language, refusals, exercise) and the tuned, held-out and overall totals; then the
 * answerable questions by style, tuned / held-out / all.
 */
export function formatAnswerTable(report: AnswerReport): string {
  const out: string[] = [];
  for (const mode of report.modes) {
    const row = (name: string, lang: string, level: string, t: AnswerTotals) => [
      name,
      lang,
      level,
      both(t.answers),
      both(t.paraphrase),
      both(t.crossLanguage),
      both(t.refusals),
      frac(t.exercise),
    ];
    const body = report.courses.map((c) => row(`${c.id}${c.heldOut ? ' *' : ''}`, c.language, c.level, sumScores([c], mode)));
    const { tuned, heldOut, all } = splitTotals(report, mode);
    out.push(`Answers in mode "${mode}" (* held out; exercises always in mode "exercise")`);
    out.push(
      layout(
        ['course', 'lang', 'level', 'answers', 'paraphrase', 'cross-language', 'refusals', 'exercise'],
        body,
        [row(`tuned (${tuned.courses})`, '', '', tuned), row(`held out (${heldOut.courses})`, '', '', heldOut), row(`all (${all.courses})`, '', '', all)],
      ),
    );
    out.push('');
    out.push(`By question style, mode "${mode}"`);
    out.push(
      layout(
        ['style', 'tuned', 'held out', 'all'],
        QUESTION_STYLES.map((s) => [s, both(tuned.byStyle[s]), both(heldOut.byStyle[s]), both(all.byStyle[s])]),
        [['answerable', both(tuned.answers), both(heldOut.answers), both(all.answers)]],
      ),
    );
    out.push('');
  }
  out.push(`${report.requests} questions; answer time median ${report.medianMs} ms, slowest ${report.maxMs} ms (client side).`);
  return out.join('\n');
}

/** The misses, one line each: course, mode, kind (style), question, reason, and the answer's start. */
export function formatMisses(misses: readonly AnswerMiss[]): string {
  return misses
    .map((m) => `${m.course} [${m.mode}] ${m.kind}${m.style ? `/${m.style}` : ''}: ${m.question}\n    → ${m.reason}${m.answer ? `\n    « ${m.answer} »` : ''}`)
    .join('\n');
}
