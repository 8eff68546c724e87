// The coach's briefing: every number it writes is one of the student's own figures, each figure is
// the statistic, count or plan value it is named after, the weakest topics are the pages most
// missed, and the next action follows the record.
import { describe, expect, it } from 'vitest';
import { answersByPage, buildBriefing, headingOf, numbersIn, pageTitlesOf, type Briefing, type CoachLine, type CoachRecord } from '../../../functions/core/coach.js';
import { computeStatistics, type StatQuizRecord } from '../../../functions/core/statistics.js';

const today = '2026-03-10';
const bio = { file_id: 'bio', file_name: 'Cours de biologie 2026' };
const gen = { file_id: 'gen', file_name: 'Génétique' };

function quiz(file: { file_id: string; file_name: string }, page: number, correct: boolean | null, date = today, score: number | null = null): StatQuizRecord {
  return { kind: 'quiz', at: `${date}T10:00:00.000Z`, date, file_id: file.file_id, difficulty: 'easy', type: score === null ? 'mcq' : 'open', correct, score, topic: `Question p. ${page}`, pages: [{ ...file, page }] };
}

function record(over: Partial<CoachRecord> = {}, history: StatQuizRecord[] = defaultHistory()): CoachRecord {
  const stats = computeStatistics({
    range: '7d',
    today,
    days: [
      { date: '2026-03-09', study_seconds: 1500 },
      { date: today, study_seconds: 2220 },
    ],
    history: [...history, { kind: 'review', date: today, rating: 'good', predicted: 0.9 }, { kind: 'review', date: today, rating: 'again', predicted: 0.8 }],
    files: [
      { file_id: 'bio', name: bio.file_name, page_count: 4, studied_pages: [1, 2] },
      { file_id: 'gen', name: gen.file_name, page_count: 1, studied_pages: [] },
    ],
  });
  return {
    lang: 'fr',
    stats,
    quizzes: history.filter((h) => h.date >= stats.from),
    dueCards: 4,
    today: { sessions: [{ kind: 'read', fileId: 'bio', fromPage: 3, toPage: 4, minutes: 25 }, { kind: 'review', cards: 4, minutes: 10 }, { kind: 'quiz', fileId: 'bio', topic: 'Question p. 2', page: 2, minutes: 15 }], minutes: 50 },
    files: [
      { file_id: 'bio', name: bio.file_name },
      { file_id: 'gen', name: gen.file_name },
    ],
    pageTitles: new Map([
      ['bio#1', 'Chapitre 1 : la cellule'],
      ['bio#2', 'Chapitre 2 : la photosynthèse'],
      ['bio#3', 'Chapitre 3 : la respiration'],
      ['gen#1', 'Chapitre 4 : la génétique'],
    ]),
    ...over,
  };
}

function defaultHistory(): StatQuizRecord[] {
  return [
    quiz(bio, 1, true),
    quiz(bio, 1, true),
    quiz(bio, 1, true),
    quiz(bio, 2, false),
    quiz(bio, 2, false),
    quiz(bio, 2, true),
    quiz(bio, 3, null),
    quiz(gen, 1, false, today, 30),
    quiz(gen, 1, true, today, 80),
    quiz(bio, 3, true),
    quiz(bio, 1, true),
    // Older than the week: not counted.
    quiz(bio, 3, false, '2026-02-01'),
  ];
}

/** Every line of the briefing with the course's own words (titles, file names) taken out. */
function lines(b: Briefing): CoachLine[] {
  return [...b.went_well, ...b.weakest.map((w) => w.line), ...b.today];
}

function withoutCourseWords(text: string, r: CoachRecord): string {
  let out = text;
  for (const words of [...r.pageTitles.values(), ...r.files.map((f) => f.name)]) out = out.split(words).join('');
  return out;
}

/** The value a figure's name points at, read from the data itself. */
function valueFromData(id: string, r: CoachRecord): number {
  const s = r.stats;
  const direct: Record<string, number | null> = {
    'stats.quiz.correct': s.quiz.correct,
    'stats.quiz.answered': s.quiz.answered,
    'stats.quiz.percent': s.quiz.percent,
    'stats.reviews.total': s.reviews.total,
    'stats.total_minutes': s.total_minutes,
    'cards.due': r.dueCards,
    'plan.today.minutes': r.today?.minutes ?? null,
  };
  if (id in direct) return direct[id] as number;
  if (id === 'files.first_unread_page') return s.unstudied_files[0].first_unread_page;
  let m = /^page\.(\w+)#(\d+)\.(answered|correct|skipped|page)$/.exec(id);
  if (m) {
    if (m[3] === 'page') return Number(m[2]);
    const mine = r.quizzes.filter((q) => q.pages.some((p) => p.file_id === m![1] && p.page === Number(m![2])));
    if (m[3] === 'answered') return mine.filter((q) => q.correct !== null).length;
    if (m[3] === 'skipped') return mine.filter((q) => q.correct === null).length;
    return mine.filter((q) => q.correct === true || (q.score ?? 0) >= 50).length;
  }
  m = /^plan\.today\.(\d+)\.(minutes|from|to|cards)$/.exec(id);
  if (m) {
    const session = r.today!.sessions[Number(m[1])] as Record<string, unknown>;
    return session[{ minutes: 'minutes', from: 'fromPage', to: 'toPage', cards: 'cards' }[m[2]]!] as number;
  }
  throw new Error(`figure ${id} names no data`);
}

describe('the coach’s briefing', () => {
  for (const lang of ['fr', 'en'] as const) {
    it(`states only the student's own figures (${lang})`, () => {
      const r = record({ lang });
      const b = buildBriefing(r);
      const values = new Map(b.figures.map((f) => [f.id, f.value]));
      for (const f of b.figures) expect(f.value, f.id).toBe(valueFromData(f.id, r));
      for (const l of lines(b)) {
        const stated = numbersIn(withoutCourseWords(l.text, r));
        const own = l.figures.map((id) => values.get(id));
        for (const n of stated) expect(own, `${n} in "${l.text}"`).toContain(n);
      }
      expect(b.next_action).not.toBeNull();
      for (const n of numbersIn(withoutCourseWords(b.next_action!.label, r))) expect([...values.values()]).toContain(n);
    });
  }

  it('praises the week with the statistics page’s figures and names the three weakest pages, most missed first', () => {
    const r = record();
    const b = buildBriefing(r);
    // 11 questions this week, one passed: 10 answers, 7 right (the open answer at 80 counts, the one at 30 does not), 70 %.
    expect(r.stats.quiz).toMatchObject({ answered: 10, correct: 7, skipped: 1, percent: 70 });
    expect(b.went_well[0].text).toBe('Tu as répondu juste à 7 questions sur 10 cette semaine, soit 70 %.');
    expect(b.went_well.some((l) => l.text.includes('« Chapitre 1 : la cellule »') && l.text.includes('4 sur 4'))).toBe(true);
    expect(b.went_well.some((l) => l.text === 'Tu as révisé 2 cartes cette semaine.')).toBe(true);
    expect(b.went_well.some((l) => l.text === 'Tu as étudié 62 minutes cette semaine.')).toBe(true);
    expect(b.weakest.map((w) => [w.file_id, w.page, w.correct, w.answered])).toEqual([
      ['bio', 2, 1, 3],
      ['gen', 1, 1, 2],
      ['bio', 3, 1, 1],
    ]);
    // The question passed on page 3 is a miss, not an answer.
    expect(b.weakest[2].line.text).toBe('« Chapitre 3 : la respiration » : 1 bonne réponse sur 1 et 1 question laissée sans réponse cette semaine. Relis la page 3 de Cours de biologie 2026.');
    expect(b.weakest[0].line.text).toBe('« Chapitre 2 : la photosynthèse » : 1 bonne réponse sur 3 cette semaine. Relis la page 2 de Cours de biologie 2026.');
    expect(b.weakest[0].line.citations).toEqual([{ file_id: 'bio', file_name: bio.file_name, page: 2 }]);
    expect(b.today[0].text).toBe("Aujourd'hui, ton planning prévoit 50 minutes :");
    expect(b.today[1].citations[0]).toMatchObject({ file_id: 'bio', page: 3 });
    // Four cards due is not many: the weakest topic comes first.
    expect(b.next_action).toMatchObject({ kind: 'quiz', file_id: 'bio', topic: 'Chapitre 2 : la photosynthèse' });
  });

  it('counts answers per page once per answer, the week only, a question passed apart', () => {
    const pages = answersByPage(record().quizzes);
    expect(pages.get('bio#3')).toMatchObject({ answered: 1, correct: 1, skipped: 1 });
  });

  it('sends to the due cards when they pile up, and says so honestly without history or plan', () => {
    expect(buildBriefing(record({ dueCards: 12 })).next_action).toMatchObject({ kind: 'cards', count: 12, label: 'Réviser mes 12 cartes dues' });
    const empty = buildBriefing(record({ dueCards: 0, today: null }, []));
    expect(empty.weakest).toEqual([]);
    expect(empty.today.map((l) => l.text)).toEqual(["Pas de date d'examen : fixe-la dans le planning pour avoir un programme du jour."]);
    expect(empty.went_well.map((l) => l.text)).toEqual(['Tu as révisé 2 cartes cette semaine.', 'Tu as étudié 62 minutes cette semaine.']);
    // The first page not yet studied, as the plan reads it: page 3 of the biology course (pages 1 and 2 are).
    expect(empty.next_action).toMatchObject({ kind: 'pages', file_id: 'bio', page: 3, label: 'Relire la page 3 de Cours de biologie 2026' });
  });
});

describe('the topics the coach names', () => {
  it('are each page’s first line that is not a running header', () => {
    const page = (n: number, text: string) => ({ file_id: 'bio', file_name: 'Bio', page: n, text, language: 'fr' as const });
    const titles = pageTitlesOf({
      pages: [page(1, 'Biologie — page 1\nChapitre 1 : la cellule\nLa cellule est…'), page(2, 'Biologie — page 2\nChapitre 2 : la photosynthèse\nLa photosynthèse est…'), { ...page(1, 'Génétique\nL’ADN est…'), file_id: 'gen' }],
    });
    expect(titles.get('bio#1')).toBe('Chapitre 1 : la cellule');
    expect(titles.get('bio#2')).toBe('Chapitre 2 : la photosynthèse');
    expect(titles.get('gen#1')).toBe('Génétique');
    // A heading run into its paragraph ends where the first sentence starts.
    expect(headingOf('Chapitre 2 : la photosynthèse La photosynthèse est le processus par lequel les plantes vertes')).toBe('Chapitre 2 : la photosynthèse');
    expect(headingOf('Chapter 1: supply and demand Demand is the quantity of a good that consumers buy')).toBe('Chapter 1: supply and demand');
    expect(headingOf('Introduction to Economics')).toBe('Introduction to Economics');
  });
});
