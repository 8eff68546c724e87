// Flashcards through the laptop host, as the flashcards page uses them: decks generated from the
// course (cited, no front twice), reviews scheduling the next date by the rating (FSRS), due
// counts per subject, cards written, edited and deleted by hand, reviews racing each other, the
// free plan's 5 decks a month, decks generated at the same time (no front twice, charged only when
// they add cards), failures that cost nothing, ownership and input errors.
import { describe, expect, it, vi } from 'vitest';
import { frontKey } from '../../functions/core/cards.js';
import { EngineError } from '../../functions/engine/errors.js';
import type { Citation, Flashcard } from '../../functions/core/artefacts.js';
import { studyEngine } from '../../functions/platform/engine.js';
import { describeUserData } from '../../functions/platform/store/account-data.js';
import { api, newUser, type ApiResponse, type TestUser } from '../support/host.js';
import { BIOLOGY, ECONOMICS, readyFile, useStudyHost } from '../support/study.js';
import { createSubject } from '../support/uploads.js';

const setup = useStudyHost(BIOLOGY, ECONOMICS);

async function studentWith(pdf: Uint8Array, name = 'Cours de biologie', user?: TestUser): Promise<{ user: TestUser; subjectId: string; fileId: string }> {
  const student = user ?? (await newUser(setup.host));
  const subject = await createSubject(setup.host, student.accessToken, name);
  const fileId = await readyFile(setup.host, student, subject.id, name, pdf);
  return { user: student, subjectId: subject.id, fileId };
}

type Lang = 'fr' | 'en';

function call(user: TestUser, method: string, path: string, body?: unknown, lang: Lang = 'fr'): Promise<ApiResponse> {
  return api(setup.host, path, { token: user.accessToken, method, body, headers: { 'accept-language': lang } });
}

const cardsOf = (subjectId: string) => `/api/subjects/${subjectId}/cards`;

function deck(user: TestUser, subjectId: string, body: unknown = {}, lang: Lang = 'fr'): Promise<ApiResponse> {
  return call(user, 'POST', `/api/subjects/${subjectId}/decks`, body, lang);
}

async function deckUsage(user: TestUser): Promise<number> {
  return (await call(user, 'GET', '/api/usage')).body.features.flashcard_generation.used as number;
}

interface CardView {
  id: string;
  front: string;
  back: string;
  due: string;
  reps: number;
  state: string;
  citations: Citation[];
  source: string;
  kind: string;
}

/** Engine cards with fronts never seen before, cited on page 1 of the file. */
let made = 0;
function madeUpCards(fileId: string, n: number): Flashcard[] {
  return Array.from({ length: n }, () => {
    made++;
    return { kind: 'qa', front: `Question inventée numéro ${made} ?`, back: `Réponse ${made}`, citations: [{ file_id: fileId, file_name: 'Cours de biologie', page: 1 }] };
  });
}

describe('decks', () => {
  it('are generated from the course: cited cards, no front twice, due at once; a second deck brings only new fronts', async () => {
    const { user, subjectId, fileId } = await studentWith(setup.biologyPdf);
    const r = await deck(user, subjectId);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const cards = r.body.cards as CardView[];
    // Twenty by default; this four-page course has enough notions for at least ten.
    expect(cards.length).toBeGreaterThanOrEqual(10);
    expect(cards.length).toBeLessThanOrEqual(20);
    expect(new Set(cards.map((c) => c.front.toLowerCase())).size).toBe(cards.length);
    for (const c of cards) {
      expect(c).toMatchObject({ subject_id: subjectId, source: 'generated', state: 'new', reps: 0, lapses: 0, last_review: null });
      expect(['term', 'qa']).toContain(c.kind);
      expect(c.citations.length).toBeGreaterThan(0);
      expect(c.citations.every((x) => x.file_id === fileId)).toBe(true);
      expect(Date.parse(c.due)).toBeLessThanOrEqual(Date.now());
    }
    expect(r.body.usage).toEqual({ feature: 'flashcard_generation', used: 1, limit: 5, remaining: 4 });

    const listed = await call(user, 'GET', cardsOf(subjectId));
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ total: cards.length, due: cards.length });
    expect(listed.body.cards.map((c: CardView) => c.id)).toEqual(cards.map((c) => c.id));

    // A second deck brings new fronts only, or says every notion already has its card (free).
    const second = await deck(user, subjectId, { count: 5 }, 'en');
    if (second.status === 201) {
      const fronts = new Set(cards.map((c) => c.front.toLowerCase()));
      expect(second.body.cards.length).toBeLessThanOrEqual(5);
      expect((second.body.cards as CardView[]).every((c) => !fronts.has(c.front.toLowerCase()))).toBe(true);
      expect(await deckUsage(user)).toBe(2);
    } else {
      expect(second.status).toBe(409);
      expect(second.body.error).toEqual({ code: 'flashcards_exhausted', message: 'Every notion in this course already has its card.' });
      expect(await deckUsage(user)).toBe(1);
    }
  });

  it('say how many cards were made and why when the course holds fewer than asked, in the caller’s language', async () => {
    const { user, subjectId } = await studentWith(setup.biologyPdf);
    const r = await deck(user, subjectId, { count: 40 });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const made = (r.body.cards as CardView[]).length;
    expect(made).toBeGreaterThan(0);
    expect(made).toBeLessThan(40);
    expect(r.body.requested).toBe(40);
    expect(r.body.shortfall).toEqual({
      code: 'deck_short',
      message: `Seulement ${made} sur les 40 cartes demandées : ce cours ne contient pas d’autre notion (définition, formule, date, personnage, méthode) qui ne soit pas déjà dans tes cartes.`,
    });
    // A deck of as many as the course holds says nothing more.
    const other = await studentWith(setup.biologyPdf);
    const full = await deck(other.user, other.subjectId, { count: 5 }, 'en');
    expect(full.status).toBe(201);
    expect(full.body.cards).toHaveLength(5);
    expect(full.body.shortfall).toBeUndefined();
  });

  it('narrow to one file when asked, and follow the course’s language', async () => {
    const { user, subjectId, fileId } = await studentWith(setup.biologyPdf);
    const genetics = await readyFile(setup.host, user, subjectId, 'Génétique', setup.geneticsPdf);
    const r = await deck(user, subjectId, { file_id: genetics, count: 5 });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.cards.length).toBeLessThanOrEqual(5);
    expect((r.body.cards as CardView[]).every((c) => c.citations.every((x) => x.file_id === genetics))).toBe(true);
    expect((r.body.cards as CardView[]).some((c) => c.citations.some((x) => x.file_id === fileId))).toBe(false);

    const english = await studentWith(setup.englishPdf, 'Economics');
    const en = await deck(english.user, english.subjectId, {});
    expect(en.status).toBe(201);
    expect((en.body.cards as CardView[]).every((c) => c.citations.every((x) => x.file_name === 'Economics'))).toBe(true);
  });

  it('five a month on the free plan, even asked at once; a failed deck costs nothing', async () => {
    const { user, subjectId, fileId } = await studentWith(setup.biologyPdf);
    const spy = vi.spyOn(studyEngine(), 'flashcards');
    spy.mockRejectedValueOnce(new Error('model crashed'));
    const crashed = await deck(user, subjectId, {}, 'en');
    expect(crashed.status).toBe(502);
    expect(crashed.body.error).toEqual({ code: 'flashcards_failed', message: 'Error generating flashcards' });
    spy.mockRejectedValueOnce(new EngineError('throttled', 'busy', { attempts: 3 }));
    const throttled = await deck(user, subjectId, {});
    expect(throttled.body.error).toEqual({ code: 'flashcards_failed', message: 'Erreur lors de la génération des cartes' });
    // A card without a citation breaks the contract: refused.
    spy.mockResolvedValueOnce([{ kind: 'qa', front: 'Sans source ?', back: 'Rien', citations: [] }]);
    expect((await deck(user, subjectId, {})).body.error.code).toBe('flashcards_failed');
    // Nothing new to make: said so, and free.
    spy.mockResolvedValueOnce([]);
    expect((await deck(user, subjectId, {})).body.error.code).toBe('flashcards_exhausted');
    expect(await deckUsage(user)).toBe(0);
    expect((await call(user, 'GET', cardsOf(subjectId))).body.total).toBe(0);

    spy.mockImplementation(async (request) => madeUpCards(fileId, request.count));
    const results = await Promise.all(Array.from({ length: 7 }, () => deck(user, subjectId, { count: 5 }, 'en')));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0].body.error).toEqual({ code: 'usage_limit_reached', message: 'Usage limit reached (5/5 this month). Try again later or upgrade to Premium.' });
    expect((await call(user, 'GET', cardsOf(subjectId))).body.total).toBe(25);
  });

  it('never store a front the subject already has, whatever the engine returns', async () => {
    const { user, subjectId, fileId } = await studentWith(setup.biologyPdf);
    const added = await call(user, 'POST', cardsOf(subjectId), { front: 'Qu’est-ce que la mitose ?', back: 'Une division cellulaire.' });
    expect(added.status).toBe(201);
    const spy = vi.spyOn(studyEngine(), 'flashcards').mockImplementation(async () => [
      { kind: 'qa', front: 'QU’EST-CE QUE LA MITOSE ?', back: 'Doublon', citations: [{ file_id: fileId, file_name: 'Cours de biologie', page: 3 }] },
      { kind: 'term', front: 'Méiose', back: 'Produit les gamètes.', citations: [{ file_id: fileId, file_name: 'Cours de biologie', page: 3 }] },
      { kind: 'term', front: 'meiose', back: 'Doublon sans accent', citations: [{ file_id: fileId, file_name: 'Cours de biologie', page: 3 }] },
    ]);
    const r = await deck(user, subjectId, {});
    expect(r.status).toBe(201);
    expect(r.body.cards.map((c: CardView) => c.front)).toEqual(['Méiose']);
    // The engine was told which fronts the subject already has.
    expect(spy.mock.calls[0][0].exclude).toEqual(['Qu’est-ce que la mitose ?']);
  });

  it('generated three at a time on one subject: no front stored twice, and only the decks that added cards are charged', async () => {
    const { user, subjectId } = await studentWith(setup.biologyPdf);
    // The three requests all read the subject's cards before any of them writes: the engine
    // answers none of them until it has been asked three times.
    const engine = studyEngine();
    const flashcards = engine.flashcards!.bind(engine);
    let asked = 0;
    let allAsked: () => void = () => {};
    const barrier = new Promise<void>((resolve) => (allAsked = resolve));
    vi.spyOn(engine, 'flashcards').mockImplementation(async (request) => {
      if (++asked === 3) allAsked();
      await barrier;
      return flashcards(request);
    });
    const results = await Promise.all([0, 1, 2].map(() => deck(user, subjectId, { count: 5 }, 'en')));
    const added = results.filter((r) => r.status === 201);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.body.error).toEqual({ code: 'flashcards_exhausted', message: 'Every notion in this course already has its card.' });
    }
    expect(added.length).toBeGreaterThanOrEqual(1);
    expect(added.every((r) => r.body.cards.length > 0)).toBe(true);

    const listed = (await call(user, 'GET', cardsOf(subjectId))).body.cards as CardView[];
    const fronts = listed.map((c) => frontKey(c.front));
    expect(new Set(fronts).size).toBe(listed.length);
    expect(listed.length).toBe(added.reduce((n, r) => n + r.body.cards.length, 0));
    expect(await deckUsage(user)).toBe(added.length);
  });

  it('answer 4xx on bad input, at no cost', async () => {
    const { user, subjectId } = await studentWith(setup.biologyPdf);
    for (const [body, status, code] of [
      [{ count: 4 }, 400, 'invalid_input'],
      [{ count: 41 }, 400, 'invalid_input'],
      [{ count: '20' }, 400, 'invalid_input'],
      [{ extra: true }, 400, 'invalid_input'],
      [{ file_id: 'nope' }, 404, 'file_not_found'],
    ] as const) {
      const r = await deck(user, subjectId, body, 'en');
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.body.error.code).toBe(code);
    }
    const empty = await createSubject(setup.host, user.accessToken, 'Vide');
    const none = await deck(user, empty.id, {}, 'en');
    expect(none.status).toBe(409);
    expect(none.body.error).toEqual({ code: 'no_content', message: 'No content available for this file' });
    expect(await deckUsage(user)).toBe(0);
  });
});

describe('reviews', () => {
  it('schedule the next date by the rating: again < hard < good < easy; due counts follow', async () => {
    const { user, subjectId, fileId } = await studentWith(setup.biologyPdf);
    vi.spyOn(studyEngine(), 'flashcards').mockImplementation(async (request) => madeUpCards(fileId, request.count));
    const cards = (await deck(user, subjectId, { count: 6 })).body.cards as CardView[];
    expect(cards).toHaveLength(6);
    const ratings = ['again', 'hard', 'good', 'easy'] as const;
    const reviewed: CardView[] = [];
    for (const [i, rating] of ratings.entries()) {
      const r = await call(user, 'POST', `${cardsOf(subjectId)}/${cards[i].id}/review`, { rating });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.card).toMatchObject({ id: cards[i].id, reps: 1, front: cards[i].front });
      expect(r.body.card.last_review).not.toBeNull();
      reviewed.push(r.body.card);
    }
    const dues = reviewed.map((c) => Date.parse(c.due));
    for (let i = 1; i < dues.length; i++) expect(dues[i], ratings[i]).toBeGreaterThan(dues[i - 1]);
    expect(dues[0]).toBeGreaterThan(Date.now());

    // The four reviewed cards wait; the two others are still due.
    const due = await call(user, 'GET', `${cardsOf(subjectId)}?due=1`);
    expect(due.body).toMatchObject({ due: 2, total: 6 });
    expect(due.body.cards.map((c: CardView) => c.id).sort()).toEqual([cards[4].id, cards[5].id].sort());
    const all = await call(user, 'GET', cardsOf(subjectId));
    expect(all.body.cards.map((c: CardView) => c.id)).toEqual([cards[4].id, cards[5].id, ...reviewed.map((c) => c.id)]);

    const other = await studentWith(setup.geneticsPdf, 'Génétique', user);
    await call(user, 'POST', cardsOf(other.subjectId), { front: 'ADN ?', back: 'La molécule de l’information génétique.' });
    const counts = await call(user, 'GET', '/api/cards/due');
    expect(counts.status).toBe(200);
    expect(counts.body.subjects).toEqual(
      expect.arrayContaining([
        { subject_id: subjectId, due: 2, total: 6 },
        { subject_id: other.subjectId, due: 1, total: 1 },
      ]),
    );
    expect(counts.body.subjects).toHaveLength(2);
  });

  it('sent at the same time for one card: exactly one applies', async () => {
    const { user, subjectId } = await studentWith(setup.biologyPdf);
    const card = (await call(user, 'POST', cardsOf(subjectId), { front: 'Mitose ?', back: 'Division en deux cellules filles identiques.' })).body as CardView;
    // Five tabs showing the card unreviewed (reps 0): however the requests interleave on a loaded
    // machine, one review applies and the others are refused.
    const results = await Promise.all(['good', 'easy', 'again', 'good', 'hard'].map((rating) => call(user, 'POST', `${cardsOf(subjectId)}/${card.id}/review`, { rating, reps: 0 }, 'en')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const lost = results.filter((r) => r.status === 409);
    expect(lost).toHaveLength(4);
    expect(lost[0].body.error).toEqual({ code: 'card_review_conflict', message: 'This card was just reviewed elsewhere. Reload it to continue.' });
    const after = (await call(user, 'GET', cardsOf(subjectId))).body.cards[0] as CardView;
    expect(after.reps).toBe(1);
  });

  it('refuse an unknown rating or card', async () => {
    const { user, subjectId } = await studentWith(setup.biologyPdf);
    const card = (await call(user, 'POST', cardsOf(subjectId), { front: 'Mitose ?', back: 'Division.' })).body as CardView;
    const bad = await call(user, 'POST', `${cardsOf(subjectId)}/${card.id}/review`, { rating: 'perfect' }, 'en');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_input');
    const missing = await call(user, 'POST', `${cardsOf(subjectId)}/nope/review`, { rating: 'good' }, 'en');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({ code: 'card_not_found', message: 'Card not found' });
  });
});

describe('cards written by hand', () => {
  it('are added, edited and deleted; editing keeps the schedule', async () => {
    const { user, subjectId } = await studentWith(setup.biologyPdf);
    const added = await call(user, 'POST', cardsOf(subjectId), { front: '  Chlorophylle ?  ', back: 'Le pigment qui absorbe la lumière.' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ subject_id: subjectId, front: 'Chlorophylle ?', kind: 'manual', source: 'manual', citations: [], state: 'new', reps: 0 });
    const path = `${cardsOf(subjectId)}/${added.body.id}`;
    const reviewed = (await call(user, 'POST', `${path}/review`, { rating: 'good' })).body.card as CardView;

    const edited = await call(user, 'PATCH', path, { back: 'Le pigment vert qui absorbe la lumière rouge et bleue.' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ front: 'Chlorophylle ?', back: 'Le pigment vert qui absorbe la lumière rouge et bleue.', reps: 1, due: reviewed.due, state: reviewed.state });
    const renamed = await call(user, 'PATCH', path, { front: 'La chlorophylle ?' });
    expect(renamed.body).toMatchObject({ front: 'La chlorophylle ?', back: 'Le pigment vert qui absorbe la lumière rouge et bleue.' });
    expect((await call(user, 'GET', cardsOf(subjectId))).body.cards).toEqual([renamed.body]);

    expect((await call(user, 'DELETE', path)).status).toBe(204);
    expect((await call(user, 'GET', cardsOf(subjectId))).body).toEqual({ cards: [], due: 0, total: 0 });
    const again = await call(user, 'DELETE', path, undefined, 'en');
    expect(again.status).toBe(404);
    expect(again.body.error).toEqual({ code: 'card_not_found', message: 'Card not found' });
    expect((await call(user, 'PATCH', path, { front: 'x' })).status).toBe(404);
  });

  it('need both sides, within their lengths', async () => {
    const { user, subjectId } = await studentWith(setup.biologyPdf);
    for (const body of [{ front: 'Recto seul' }, { back: 'Verso seul' }, { front: '   ', back: 'Verso' }, {}]) {
      const r = await call(user, 'POST', cardsOf(subjectId), body, 'en');
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toEqual({ code: 'card_empty', message: 'Please fill in both sides of the card.' });
    }
    const fr = await call(user, 'POST', cardsOf(subjectId), { front: '', back: '' });
    expect(fr.body.error.message).toBe('Écris le recto et le verso de la carte.');
    const long = await call(user, 'POST', cardsOf(subjectId), { front: 'x'.repeat(501), back: 'ok' });
    expect(long.status).toBe(400);
    expect(long.body.error.code).toBe('invalid_input');
    const card = (await call(user, 'POST', cardsOf(subjectId), { front: 'x'.repeat(500), back: 'y'.repeat(2000) })).body as CardView;
    expect(card.front).toHaveLength(500);
    const blank = await call(user, 'PATCH', `${cardsOf(subjectId)}/${card.id}`, { back: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.code).toBe('card_empty');
  });
});

describe('ownership and deletion', () => {
  it('another student gets 404 on every card route of a student, and sees none of their counts', async () => {
    const { user: a, subjectId } = await studentWith(setup.biologyPdf);
    const b = await newUser(setup.host);
    const card = (await call(a, 'POST', cardsOf(subjectId), { front: 'Mitose ?', back: 'Division.' })).body as CardView;
    const path = `${cardsOf(subjectId)}/${card.id}`;
    for (const [method, p, body] of [
      ['POST', `/api/subjects/${subjectId}/decks`, {}],
      ['GET', cardsOf(subjectId)],
      ['POST', cardsOf(subjectId), { front: 'Volée', back: 'Volée' }],
      ['PATCH', path, { front: 'Volée' }],
      ['POST', `${path}/review`, { rating: 'easy' }],
      ['DELETE', path],
    ] as const) {
      const r = await call(b, method, p, body);
      expect(r.status, `${method} ${p}`).toBe(404);
    }
    expect((await call(b, 'GET', '/api/cards/due')).body).toEqual({ subjects: [] });
    expect((await call(a, 'GET', cardsOf(subjectId))).body.cards).toEqual([card]);
    expect(await deckUsage(b)).toBe(0);
    expect(await describeUserData(b.sub)).toMatchObject({ cards: 0 });
  });

  it('deleting a subject removes its cards', async () => {
    const { user, subjectId } = await studentWith(setup.biologyPdf);
    await call(user, 'POST', cardsOf(subjectId), { front: 'Mitose ?', back: 'Division.' });
    expect(await describeUserData(user.sub)).toMatchObject({ cards: 1 });
    expect((await call(user, 'DELETE', `/api/subjects/${subjectId}`)).status).toBe(204);
    expect(await describeUserData(user.sub)).toMatchObject({ cards: 0 });
    expect((await call(user, 'GET', '/api/cards/due')).body).toEqual({ subjects: [] });
  });
});
