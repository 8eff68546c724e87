// The coach's briefing (the "AI coach"): computed by rules from the student's own
// record — the statistics of the last 7 days (the same figures as the statistics page), the
// answers per page of the course, the cards due and today's plan — never invented. A question
// passed or left blank is not an answer, here as in the statistics: a page counts it apart. Every number
// it writes is one of its `figures`, each named after the statistic it comes from; every page it
// sends the student to is a citation (file and page) that opens the viewer. Pure: the caller reads
// the record and hands it over with the titles of the pages (their first line, from the course).
import type { Lang } from './errors.js';
import type { PlanSession } from './planner.js';
import type { StatQuizRecord, Statistics } from './statistics.js';
import { PASSING_SCORE } from './limits.js';
import type { PageSpan } from './document.js';
import { fillTemplate } from './text.js';

/** A page's title is cut to this length. */
const TITLE_CHARS = 90;

/** A figure the briefing states, named after where it comes from. */
export interface CoachFigure {
  /** Stable name: `stats.quiz.correct`, `stats.total_minutes`, `cards.due`, `page.{file}#{page}.answered`, `plan.today.minutes`… */
  id: string;
  value: number;
  source: 'statistics' | 'cards' | 'plan' | 'page';
}

export interface CoachCitation {
  file_id: string;
  file_name: string;
  page: number;
}

/** One sentence of the briefing: the figures it states and the pages it sends to. */
export interface CoachLine {
  text: string;
  figures: string[];
  citations: CoachCitation[];
}

export interface WeakTopic {
  /** The page's title, as the course writes it. */
  topic: string;
  file_id: string;
  file_name: string;
  page: number;
  /** Answers given on the page (a question passed or left blank is not one). */
  answered: number;
  correct: number;
  /** Questions on the page passed or left blank. */
  skipped: number;
}

export type NextAction =
  | { kind: 'cards'; label: string; count: number }
  | { kind: 'quiz'; label: string; file_id: string; topic: string | null }
  | { kind: 'pages'; label: string; file_id: string; file_name: string; page: number };

export interface Briefing {
  range: '7d';
  went_well: CoachLine[];
  weakest: (WeakTopic & { line: CoachLine })[];
  today: CoachLine[];
  next_action: NextAction | null;
  figures: CoachFigure[];
}

export interface CoachRecord {
  lang: Lang;
  /** The statistics of the last 7 days, as `GET …/stats?range=7d` gives them. */
  stats: Statistics;
  /** The quiz and exam answers of those 7 days. */
  quizzes: Pick<StatQuizRecord, 'correct' | 'score' | 'pages' | 'file_id'>[];
  dueCards: number;
  /** Today's sessions of the plan; null without an exam date. */
  today: { sessions: PlanSession[]; minutes: number } | null;
  /** The ready files: id → display name, in the course's order. */
  files: { file_id: string; name: string }[];
  /** The first line of each page (`{file_id}#{page}`), what a topic is called. */
  pageTitles: ReadonlyMap<string, string>;
}

const texts = {
  fr: {
    quizWell: 'Tu as répondu juste à {correct} {correct|question|questions} sur {answered} cette semaine, soit {percent} %.',
    perfect: 'Sans faute sur « {topic} » : {correct} sur {answered}.',
    reviews: 'Tu as révisé {reviews} {reviews|carte|cartes} cette semaine.',
    minutes: 'Tu as étudié {minutes} {minutes|minute|minutes} cette semaine.',
    nothingYet: "Pas encore d'activité cette semaine : un premier quiz te dira où tu en es.",
    weak: '« {topic} » : {correct} {correct|bonne réponse|bonnes réponses} sur {answered} cette semaine. Relis la page {page} de {file}.',
    weakSkipped:
      '« {topic} » : {correct} {correct|bonne réponse|bonnes réponses} sur {answered} et {skipped} {skipped|question laissée|questions laissées} sans réponse cette semaine. Relis la page {page} de {file}.',
    noPlan: "Pas de date d'examen : fixe-la dans le planning pour avoir un programme du jour.",
    restDay: "Rien de prévu aujourd'hui dans ton planning.",
    todayTotal: "Aujourd'hui, ton planning prévoit {minutes} {minutes|minute|minutes} :",
    read: 'lire les pages {from} à {to} de {file} ({minutes} min)',
    review: 'réviser {cards} {cards|carte|cartes} ({minutes} min)',
    quiz: 'un quiz sur {file} ({minutes} min)',
    quizTopic: 'un quiz sur « {topic} » ({minutes} min)',
    final: 'une révision finale de {file} ({minutes} min)',
    actCards: 'Réviser {count|ma carte due|mes {count} cartes dues}',
    actQuiz: 'Un quiz sur {file}',
    actPages: 'Relire la page {page} de {file}',
  },
  en: {
    quizWell: 'You answered {correct} of {answered} questions correctly this week: {percent} %.',
    perfect: 'No mistake on "{topic}": {correct} of {answered}.',
    reviews: 'You reviewed {reviews} {reviews|card|cards} this week.',
    minutes: 'You studied for {minutes} {minutes|minute|minutes} this week.',
    nothingYet: 'No activity this week yet: a first quiz will tell you where you stand.',
    weak: '"{topic}": {correct} correct {correct|answer|answers} out of {answered} this week. Reread page {page} of {file}.',
    weakSkipped: '"{topic}": {correct} correct {correct|answer|answers} out of {answered} and {skipped} {skipped|question|questions} left unanswered this week. Reread page {page} of {file}.',
    noPlan: 'No exam date: set it in the schedule to get a plan for today.',
    restDay: 'Nothing planned for today in your schedule.',
    todayTotal: 'Today your plan asks for {minutes} {minutes|minute|minutes}:',
    read: 'read pages {from} to {to} of {file} ({minutes} min)',
    review: 'review {cards} {cards|card|cards} ({minutes} min)',
    quiz: 'a quiz on {file} ({minutes} min)',
    quizTopic: 'a quiz on "{topic}" ({minutes} min)',
    final: 'a final review of {file} ({minutes} min)',
    actCards: 'Review {count|my due card|my {count} due cards}',
    actQuiz: 'A quiz on {file}',
    actPages: 'Reread page {page} of {file}',
  },
} as const;

type TextKey = keyof (typeof texts)['fr'];

const fill = (lang: Lang, template: string, params: Record<string, string | number>) => fillTemplate(lang, template, params, 'empty');

/** At least this many answers before the week's score is praised, and this share right. */
const MIN_ANSWERS_TO_PRAISE = 3;
const PRAISE_PERCENT = 60;
/** This many cards due or more: they come before a quiz as the next action. */
const MANY_DUE = 10;

/** Per page of the course, the questions of the week that cite it: the answers given, how many right, and those passed or left blank. */
export function answersByPage(quizzes: CoachRecord['quizzes']): Map<string, { file_id: string; file_name: string; page: number; answered: number; correct: number; skipped: number }> {
  const pages = new Map<string, { file_id: string; file_name: string; page: number; answered: number; correct: number; skipped: number }>();
  for (const q of quizzes) {
    const right = q.correct === true || (q.score !== null && q.score >= PASSING_SCORE);
    const skipped = q.correct === null;
    const seen = new Set<string>();
    for (const p of q.pages) {
      const key = `${p.file_id}#${p.page}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const entry = pages.get(key) ?? { file_id: p.file_id, file_name: p.file_name, page: p.page, answered: 0, correct: 0, skipped: 0 };
      if (skipped) entry.skipped++;
      else entry.answered++;
      if (right) entry.correct++;
      pages.set(key, entry);
    }
  }
  return pages;
}

export function buildBriefing(record: CoachRecord): Briefing {
  const t = texts[record.lang];
  const figures = new Map<string, CoachFigure>();
  const figure = (id: string, value: number, source: CoachFigure['source']) => {
    figures.set(id, { id, value, source });
    return id;
  };
  const line = (key: TextKey, params: Record<string, string | number>, figureIds: string[], citations: CoachCitation[] = []): CoachLine => ({
    text: fill(record.lang, t[key], params),
    figures: figureIds,
    citations,
  });
  const fileName = (id: string) => record.files.find((f) => f.file_id === id)?.name ?? '';
  const titleOf = (fileId: string, page: number, fallback: string) => record.pageTitles.get(`${fileId}#${page}`) ?? fallback;
  const s = record.stats;

  // What went well.
  const wentWell: CoachLine[] = [];
  if (s.quiz.answered >= MIN_ANSWERS_TO_PRAISE && s.quiz.percent !== null && s.quiz.percent >= PRAISE_PERCENT) {
    wentWell.push(
      line('quizWell', { correct: s.quiz.correct, answered: s.quiz.answered, percent: s.quiz.percent }, [
        figure('stats.quiz.correct', s.quiz.correct, 'statistics'),
        figure('stats.quiz.answered', s.quiz.answered, 'statistics'),
        figure('stats.quiz.percent', s.quiz.percent, 'statistics'),
      ]),
    );
  }
  const pages = [...answersByPage(record.quizzes).values()].filter((p) => record.files.some((f) => f.file_id === p.file_id));
  const perfect = pages.filter((p) => p.answered >= 2 && p.correct === p.answered && p.skipped === 0).sort((a, b) => b.answered - a.answered)[0];
  if (perfect) {
    const id = `page.${perfect.file_id}#${perfect.page}`;
    wentWell.push(
      line(
        'perfect',
        { topic: titleOf(perfect.file_id, perfect.page, perfect.file_name), correct: perfect.correct, answered: perfect.answered },
        [figure(`${id}.correct`, perfect.correct, 'page'), figure(`${id}.answered`, perfect.answered, 'page')],
        [{ file_id: perfect.file_id, file_name: fileName(perfect.file_id) || perfect.file_name, page: perfect.page }],
      ),
    );
  }
  if (s.reviews.total > 0) wentWell.push(line('reviews', { reviews: s.reviews.total }, [figure('stats.reviews.total', s.reviews.total, 'statistics')]));
  if (s.total_minutes > 0) wentWell.push(line('minutes', { minutes: s.total_minutes }, [figure('stats.total_minutes', s.total_minutes, 'statistics')]));
  if (wentWell.length === 0) wentWell.push(line('nothingYet', {}, []));

  // The three weakest topics: the most mistakes (wrong, passed or blank), then the lowest share right.
  const missed = (p: (typeof pages)[number]) => p.answered - p.correct + p.skipped;
  const shareRight = (p: (typeof pages)[number]) => p.correct / (p.answered + p.skipped);
  const weakest = pages
    .filter((p) => missed(p) > 0)
    .sort((a, b) => missed(b) - missed(a) || shareRight(a) - shareRight(b) || a.page - b.page)
    .slice(0, 3)
    .map((p) => {
      const id = `page.${p.file_id}#${p.page}`;
      const file = fileName(p.file_id) || p.file_name;
      const topic = titleOf(p.file_id, p.page, file);
      const citation = { file_id: p.file_id, file_name: file, page: p.page };
      return {
        topic,
        file_id: p.file_id,
        file_name: file,
        page: p.page,
        answered: p.answered,
        correct: p.correct,
        skipped: p.skipped,
        line: line(
          p.skipped ? 'weakSkipped' : 'weak',
          { topic, correct: p.correct, answered: p.answered, skipped: p.skipped, page: p.page, file },
          [figure(`${id}.correct`, p.correct, 'page'), figure(`${id}.answered`, p.answered, 'page'), ...(p.skipped ? [figure(`${id}.skipped`, p.skipped, 'page')] : []), figure(`${id}.page`, p.page, 'page')],
          [citation],
        ),
      };
    });

  // Today's plan.
  const today: CoachLine[] = [];
  if (!record.today) today.push(line('noPlan', {}, []));
  else if (record.today.sessions.length === 0) today.push(line('restDay', {}, []));
  else {
    today.push(line('todayTotal', { minutes: record.today.minutes }, [figure('plan.today.minutes', record.today.minutes, 'plan')]));
    record.today.sessions.forEach((session, i) => {
      const m = figure(`plan.today.${i}.minutes`, session.minutes, 'plan');
      if (session.kind === 'read') {
        const file = fileName(session.fileId);
        today.push(
          line('read', { from: session.fromPage, to: session.toPage, file, minutes: session.minutes }, [figure(`plan.today.${i}.from`, session.fromPage, 'plan'), figure(`plan.today.${i}.to`, session.toPage, 'plan'), m], [
            { file_id: session.fileId, file_name: file, page: session.fromPage },
          ]),
        );
      } else if (session.kind === 'review') {
        today.push(line('review', { cards: session.cards, minutes: session.minutes }, [figure(`plan.today.${i}.cards`, session.cards, 'plan'), m]));
      } else if (session.kind === 'quiz') {
        const file = fileName(session.fileId);
        const cite = session.page ? [{ file_id: session.fileId, file_name: file, page: session.page }] : [];
        const topic = session.page ? titleOf(session.fileId, session.page, file) : null;
        today.push(topic ? line('quizTopic', { topic, minutes: session.minutes }, [m], cite) : line('quiz', { file, minutes: session.minutes }, [m]));
      } else {
        today.push(line('final', { file: fileName(session.fileId), minutes: session.minutes }, [m]));
      }
    });
  }

  // One next action.
  let next: NextAction | null = null;
  const due = record.dueCards;
  const cardsAction = (): NextAction => {
    figure('cards.due', due, 'cards');
    return { kind: 'cards', label: fill(record.lang, t.actCards, { count: due }), count: due };
  };
  const weakFirst = weakest[0];
  const reading = record.today?.sessions.find((x): x is Extract<PlanSession, { kind: 'read' }> => x.kind === 'read');
  if (due >= MANY_DUE) next = cardsAction();
  else if (weakFirst) next = { kind: 'quiz', label: fill(record.lang, t.actQuiz, { file: weakFirst.file_name }), file_id: weakFirst.file_id, topic: weakFirst.topic };
  else if (due > 0) next = cardsAction();
  else if (reading) {
    const file = fileName(reading.fileId);
    next = { kind: 'pages', label: fill(record.lang, t.actPages, { page: reading.fromPage, file }), file_id: reading.fileId, file_name: file, page: reading.fromPage };
    figure('plan.next.page', reading.fromPage, 'plan');
  } else if (s.unstudied_files[0]) {
    // The first page not yet studied of the first file with any (the plan's next page too).
    const f = s.unstudied_files[0];
    next = { kind: 'pages', label: fill(record.lang, t.actPages, { page: f.first_unread_page, file: f.name }), file_id: f.file_id, file_name: f.name, page: f.first_unread_page };
    figure('files.first_unread_page', f.first_unread_page, 'statistics');
  } else if (record.files[0]) {
    next = { kind: 'quiz', label: fill(record.lang, t.actQuiz, { file: record.files[0].name }), file_id: record.files[0].file_id, topic: null };
  }

  return { range: '7d', went_well: wentWell, weakest, today, next_action: next, figures: [...figures.values()] };
}

/** Every number written in a text (integers and decimals, French or English separators). */
export function numbersIn(text: string): number[] {
  return [...text.matchAll(/\d+(?:[.,]\d+)?/g)].map((m) => Number(m[0].replace(',', '.')));
}

/** A line with its digits blurred: a running header ("Biologie — page 2") reads the same on every page. */
const headerShape = (line: string) => line.trim().toLowerCase().replace(/\d+/g, '#');

/** The pages a course is read from (the engine's Course has them): what pageTitlesOf reads. */
export interface TitledPages {
  pages: readonly { file_id: string; page: number; text: string; spans?: PageSpan[] }[];
}

/**
 * What each page is about: on a page read through the document model, its opening heading or the
 * heading of the part it goes on with; otherwise its first line that is not a running header (a
 * line of the same shape at the top of several pages of the file). Cut to TITLE_CHARS.
 */
export function pageTitlesOf(course: TitledPages | null): Map<string, string> {
  const tops = new Map<string, string[][]>();
  for (const p of course?.pages ?? []) {
    const lines = p.text.split('\n').map((l) => l.trim()).filter(Boolean).slice(0, 3);
    tops.set(p.file_id, [...(tops.get(p.file_id) ?? []), lines]);
  }
  const headers = new Map<string, Set<string>>();
  for (const [fileId, pages] of tops) {
    const seen = new Map<string, number>();
    for (const lines of pages) for (const shape of new Set(lines.map(headerShape))) seen.set(shape, (seen.get(shape) ?? 0) + 1);
    headers.set(fileId, new Set([...seen].filter(([, n]) => n > 1).map(([shape]) => shape)));
  }
  const titles = new Map<string, string>();
  /** On pages read through the document model: the heading the text of the page falls under. */
  let section = null as { file: string; title: string } | null;
  for (const p of course?.pages ?? []) {
    if (p.spans) {
      if (section?.file !== p.file_id) section = null;
      const first = p.spans.find((s) => s.kind === 'heading');
      // A page that opens on its text goes on with the part before it; one that opens on a heading is that part.
      const opensOnHeading = first && p.spans[0] === first;
      const title = opensOnHeading ? p.text.slice(first.start, first.end) : section?.title ?? (first ? p.text.slice(first.start, first.end) : null);
      const last = [...p.spans].reverse().find((s) => s.kind === 'heading');
      if (last) section = { file: p.file_id, title: p.text.slice(last.start, last.end) };
      if (title) {
        titles.set(`${p.file_id}#${p.page}`, headingOf(title));
        continue;
      }
    }
    const skip = headers.get(p.file_id) as Set<string>;
    const title = p.text.split('\n').map((l) => l.trim()).find((l) => l && !skip.has(headerShape(l)));
    if (title) titles.set(`${p.file_id}#${p.page}`, headingOf(title));
  }
  return titles;
}

/** Beyond this a first line is a heading run into its paragraph (as PDF text often gives it). */
const MERGED_LINE_CHARS = 60;

/**
 * The heading at the start of a line: a long line is cut where its first sentence starts (a
 * capitalised word after a lower-case one: "Chapitre 2 : la photosynthèse La photosynthèse est…")
 * or its first sentence ends; anything longer than TITLE_CHARS is cut with an ellipsis.
 */
export function headingOf(line: string): string {
  let title = line;
  if (title.length > MERGED_LINE_CHARS) {
    const run = /^(.{8,}?[\p{Ll}\d])\s+(?=\p{Lu}\p{Ll})/u.exec(title) ?? /^(.{8,}?[.!?])\s/u.exec(title);
    if (run) title = run[1];
  }
  return title.length > TITLE_CHARS ? `${title.slice(0, TITLE_CHARS - 1)}…` : title;
}
