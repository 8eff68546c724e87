// The study engine through the laptop host, as the question and summary pages use it: answers
// citing the page they come from, conversations kept when saved, revision sheets saved by Premium
// students, the free plan's monthly limits under concurrency, failures that cost nothing,
// ownership, input errors with the catalogue's messages, and deletion leaving nothing behind.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { EngineError } from '../../functions/engine/errors.js';
import type { Answer, Citation, Sheet } from '../../functions/core/artefacts.js';
import { db } from '../../functions/platform/clients.js';
import { config } from '../../functions/platform/config.js';
import { studyEngine } from '../../functions/platform/engine.js';
import { describeUserData } from '../../functions/platform/store/account-data.js';
import { userTraces } from '../support/invariants.js';
import { ENGLISH_COURSE } from '../support/fixtures.js';
import { api, newUser, type ApiResponse, type TestUser } from '../support/host.js';
import { makePremium, readyFile, useStudyHost } from '../support/study.js';
import { createSubject } from '../support/uploads.js';

/** A French biology course, one chapter a page, each with its own vocabulary. */
const BIOLOGY = [
  'Chapitre 1 : la photosynthèse\nLa photosynthèse est le processus par lequel les plantes vertes transforment l’énergie lumineuse en énergie chimique. Elle se déroule dans les chloroplastes, grâce à la chlorophylle qui absorbe la lumière rouge et bleue. Elle consomme du dioxyde de carbone et de l’eau, et rejette du dioxygène.',
  'Chapitre 2 : la respiration cellulaire\nLa respiration cellulaire est la réaction qui libère l’énergie contenue dans le glucose. Elle a lieu dans les mitochondries et produit de l’ATP, du dioxyde de carbone et de l’eau. Sans dioxygène, la cellule se tourne vers la fermentation, bien moins efficace.',
  'Chapitre 3 : la division cellulaire\nLa mitose est la division par laquelle une cellule mère donne deux cellules filles identiques. Elle comprend quatre phases : la prophase, la métaphase, l’anaphase et la télophase. La méiose, elle, produit les gamètes.',
];

const setup = useStudyHost(BIOLOGY, ENGLISH_COURSE);

/** A student with a subject holding the biology course, ready. */
async function studentWithCourse(subjectName = 'Biologie'): Promise<{ user: TestUser; subjectId: string; fileId: string }> {
  const user = await newUser(setup.host);
  const subject = await createSubject(setup.host, user.accessToken, subjectName);
  const fileId = await readyFile(setup.host, user, subject.id, 'Cours de biologie', setup.biologyPdf);
  return { user, subjectId: subject.id, fileId };
}

function ask(user: TestUser, subjectId: string, body: unknown, lang: 'fr' | 'en' = 'fr'): Promise<ApiResponse> {
  return api(setup.host, `/api/subjects/${subjectId}/questions`, { token: user.accessToken, method: 'POST', body, headers: { 'accept-language': lang } });
}

function citationsOf(answer: Answer): Citation[] {
  const all = answer.blocks.flatMap((b) => b.citations);
  if (answer.exercise) {
    const e = answer.exercise;
    for (const part of [e.objective, e.final_answer, ...e.steps, ...e.theorems, ...e.formulas, ...e.calculations]) all.push(...part.citations);
  }
  return all;
}

function sheetCitations(sheet: Sheet): Citation[] {
  return [...sheet.sections.flatMap((s) => s.lines), ...sheet.definitions, ...sheet.formulas, ...sheet.key_dates, ...sheet.key_points].flatMap((l) => l.citations);
}

const flat = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** Each cited quote is on the cited page of the cited file (an ellipsis may shorten it). */
async function expectQuotesOnTheirPages(user: TestUser, subjectId: string, citations: Citation[]): Promise<void> {
  const pages = new Map<string, string>();
  for (const c of citations) {
    const key = `${c.file_id}#${c.page}`;
    if (!pages.has(key)) {
      const r = await api(setup.host, `/api/subjects/${subjectId}/files/${c.file_id}/pages?from=${c.page}&to=${c.page}`, { token: user.accessToken });
      expect(r.status).toBe(200);
      pages.set(key, flat(r.body.pages[0]?.text ?? ''));
    }
    if (!c.quote) continue;
    for (const part of c.quote.split('…').map(flat).filter((p) => p.length > 0)) expect(pages.get(key), `quote "${part}" on ${key}`).toContain(part);
  }
}

describe('questions', () => {
  it('answer from the course and cite the file and page the answer comes from', async () => {
    const { user, subjectId, fileId } = await studentWithCourse();
    const r = await ask(user, subjectId, { question: 'Où a lieu la respiration cellulaire ?', mode: 'course' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const answer = r.body.turn.answer as Answer;
    expect(answer).toMatchObject({ mode: 'course', language: 'fr', found: true });
    expect(flat(answer.blocks.map((b) => b.text).join(' '))).toMatch(/mitochondries/);
    const citations = citationsOf(answer);
    expect(citations.length).toBeGreaterThan(0);
    expect(citations.every((c) => c.file_id === fileId && c.file_name === 'Cours de biologie')).toBe(true);
    expect(citations.some((c) => c.quote)).toBe(true);
    // The block that names the mitochondria rests on page 2, where the course says it.
    const block = answer.blocks.find((b) => /mitochondries/.test(b.text));
    expect(block?.citations.map((c) => c.page)).toContain(2);
    await expectQuotesOnTheirPages(user, subjectId, citations);
    expect(r.body.usage).toEqual({ feature: 'question_generation', used: 1, limit: 10, remaining: 9 });
    expect(r.body.turn).toMatchObject({ question: 'Où a lieu la respiration cellulaire ?', mode: 'course' });
  });

  it('answer in every mode, each citation on its page', async () => {
    const { user, subjectId } = await studentWithCourse();
    for (const mode of ['concise', 'detailed', 'step_by_step', 'exercise'] as const) {
      const r = await ask(user, subjectId, { question: 'Explique la photosynthèse et ce qu’elle consomme.', mode });
      expect(r.status, `${mode}: ${JSON.stringify(r.body)}`).toBe(200);
      const answer = r.body.turn.answer as Answer;
      expect(answer.mode).toBe(mode);
      if (answer.found) {
        expect(citationsOf(answer).some((c) => c.page === 1)).toBe(true);
        await expectQuotesOnTheirPages(user, subjectId, citationsOf(answer));
      }
    }
  });

  it('answer in the course’s language: an English course gets English answers', async () => {
    const user = await newUser(setup.host);
    const subject = await createSubject(setup.host, user.accessToken, 'Economics');
    await readyFile(setup.host, user, subject.id, 'Economics', setup.englishPdf);
    const r = await ask(user, subject.id, { question: 'What is the equilibrium price?', mode: 'concise' });
    expect(r.status).toBe(200);
    expect(r.body.turn.answer).toMatchObject({ language: 'en', found: true });
    expect(citationsOf(r.body.turn.answer).some((c) => c.page === 3)).toBe(true);
  });

  it('answer a question asked in the other language, and say what it says about the answer in the interface’s language', async () => {
    const user = await newUser(setup.host);
    const subject = await createSubject(setup.host, user.accessToken, 'Economics');
    await readyFile(setup.host, user, subject.id, 'Economics', setup.englishPdf);
    const r = await ask(user, subject.id, { question: 'Qu’est-ce que le prix d’équilibre ?', mode: 'concise' }, 'fr');
    expect(r.status).toBe(200);
    expect(r.body.turn.answer).toMatchObject({ language: 'en', found: true });
    expect(r.body.turn.answer.blocks[0].text).toMatch(/^The equilibrium price is the price at which/u);
    const off = await ask(user, subject.id, { question: 'Quelle est la capitale du Japon ?', mode: 'concise' }, 'fr');
    expect(off.body.turn.answer).toMatchObject({ found: false, not_found_message: expect.stringMatching(/^Le cours ne contient pas la réponse à cette question\. Le cours est en anglais/u) });
    const english = await ask(user, subject.id, { question: 'What is the capital of Japan?', mode: 'concise' }, 'en');
    expect(english.body.turn.answer).toMatchObject({ found: false, not_found_message: 'The course does not contain the answer to this question.' });
  });

  it('follow the files: a new file is read at once, a file narrows the course, a deleted file is no longer cited', async () => {
    const { user, subjectId, fileId } = await studentWithCourse();
    // The course is built (and kept) before the second file arrives.
    expect((await ask(user, subjectId, { question: 'Qu’est-ce que la mitose ?', mode: 'concise' })).status).toBe(200);
    const geneticsId = await readyFile(setup.host, user, subjectId, 'Génétique', setup.geneticsPdf);
    const dna = await ask(user, subjectId, { question: 'Quelle molécule porte l’information génétique ?', mode: 'course' });
    expect(dna.status).toBe(200);
    expect(citationsOf(dna.body.turn.answer).some((c) => c.file_id === geneticsId && c.file_name === 'Génétique')).toBe(true);

    const narrowed = await ask(user, subjectId, { question: 'Quelle molécule porte l’information génétique ?', mode: 'course', file_id: fileId });
    expect(narrowed.status).toBe(200);
    expect(citationsOf(narrowed.body.turn.answer).every((c) => c.file_id === fileId)).toBe(true);

    expect((await api(setup.host, `/api/subjects/${subjectId}/files/${geneticsId}`, { token: user.accessToken, method: 'DELETE' })).status).toBe(204);
    const after = await ask(user, subjectId, { question: 'Quelle molécule porte l’information génétique ?', mode: 'course' });
    expect(after.status).toBe(200);
    expect(citationsOf(after.body.turn.answer).every((c) => c.file_id === fileId)).toBe(true);
  });

  it('say so when the subject has no readable content yet, without using a unit', async () => {
    const user = await newUser(setup.host);
    const subject = await createSubject(setup.host, user.accessToken, 'Vide');
    const r = await ask(user, subject.id, { question: 'De quoi parle le cours ?', mode: 'course' }, 'en');
    expect(r.status).toBe(409);
    expect(r.body.error).toEqual({ code: 'no_content', message: 'No content available for this file' });
    const sheet = await api(setup.host, `/api/subjects/${subject.id}/sheets`, { token: user.accessToken, method: 'POST' });
    expect(sheet.status).toBe(409);
    expect(sheet.body.error.message).toBe('Aucun contenu disponible pour ce fichier');
    const usage = await api(setup.host, '/api/usage', { token: user.accessToken });
    expect(usage.body.features.question_generation.used).toBe(0);
    expect(usage.body.features.summary_generation.used).toBe(0);
  });
});

describe('input errors', () => {
  it('answer 4xx with the catalogue’s messages, in the caller’s language, and cost nothing', async () => {
    const { user, subjectId, fileId } = await studentWithCourse();
    const cases: [unknown, 'fr' | 'en', number, string, string | RegExp][] = [
      [{ question: '   ', mode: 'course' }, 'en', 400, 'question_empty', 'Please enter a question.'],
      [{ mode: 'course' }, 'fr', 400, 'question_empty', 'Saisis une question.'],
      [{ question: 42, mode: 'course' }, 'en', 400, 'question_empty', 'Please enter a question.'],
      [{ question: 'Qu’est-ce que la mitose ?' }, 'en', 400, 'mode_required', 'Please select a response mode.'],
      [{ question: 'Qu’est-ce que la mitose ?', mode: 'poem' }, 'fr', 400, 'mode_required', 'Choisis un mode de réponse.'],
      [{ question: 'x'.repeat(2001), mode: 'course' }, 'en', 400, 'question_too_long', 'Your question is too long (maximum 2000 characters).'],
      [{ question: 'Qu’est-ce que la mitose ?', mode: 'course', extra: true }, 'en', 400, 'invalid_input', /extra/],
      [{ question: 'Qu’est-ce que la mitose ?', mode: 'course', conversation_id: 'nope' }, 'en', 404, 'conversation_not_found', 'Conversation not found'],
      [{ question: 'Qu’est-ce que la mitose ?', mode: 'course', file_id: 'nope' }, 'en', 404, 'file_not_found', 'File not found'],
    ];
    for (const [body, lang, status, code, message] of cases) {
      const r = await ask(user, subjectId, body, lang);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(r.body.error.code).toBe(code);
      if (typeof message === 'string') expect(r.body.error.message).toBe(message);
      else expect(r.body.error.message).toMatch(message);
    }
    // A 2000-character question is accepted.
    expect((await ask(user, subjectId, { question: `${'mitose '.repeat(285)}?`.slice(-2000), mode: 'concise', file_id: fileId })).status).toBe(200);
    const badJson = await api(setup.host, `/api/subjects/${subjectId}/questions`, { token: user.accessToken, method: 'POST', rawBody: '{"question":' });
    expect(badJson.status).toBe(400);
    const usage = await api(setup.host, '/api/usage', { token: user.accessToken });
    expect(usage.body.features.question_generation.used).toBe(1);

    const first = await ask(user, subjectId, { question: 'Qu’est-ce que la mitose ?', mode: 'concise' });
    const long = await api(setup.host, `/api/subjects/${subjectId}/conversations/${first.body.conversation.id}`, {
      token: user.accessToken,
      method: 'PUT',
      body: { title: 't'.repeat(121) },
    });
    expect(long.status).toBe(400);
    expect(long.body.error.code).toBe('invalid_input');
    const unknownSheet = await api(setup.host, `/api/subjects/${subjectId}/sheets`, { token: user.accessToken, method: 'POST', body: { file_id: 'nope' } });
    expect(unknownSheet.status).toBe(404);
    expect(unknownSheet.body.error.code).toBe('file_not_found');
  });

  it('a question needs a signed-in student', async () => {
    const { subjectId } = await studentWithCourse();
    const r = await api(setup.host, `/api/subjects/${subjectId}/questions`, { method: 'POST', body: { question: 'Qu’est-ce que la mitose ?', mode: 'course' } });
    expect(r.status).toBe(401);
  });
});

describe('conversations', () => {
  it('keep their turns in order; listed once saved with a title, reopened as they were', async () => {
    const { user, subjectId } = await studentWithCourse();
    const q1 = 'Qu’est-ce que la photosynthèse ?';
    const first = await ask(user, subjectId, { question: q1, mode: 'course' });
    expect(first.status).toBe(200);
    const conversation = first.body.conversation;
    expect(conversation).toMatchObject({ subject_id: subjectId, title: q1, saved: false, turn_count: 1 });
    const second = await ask(user, subjectId, { question: 'Et où se déroule-t-elle ?', mode: 'concise', conversation_id: conversation.id });
    expect(second.status).toBe(200);
    expect(second.body.conversation).toMatchObject({ id: conversation.id, turn_count: 2, saved: false });
    expect(second.body.usage.used).toBe(2);

    // A draft is not listed, but can be reopened.
    const list = () => api(setup.host, `/api/subjects/${subjectId}/conversations`, { token: user.accessToken });
    expect((await list()).body).toEqual({ conversations: [] });
    const draft = await api(setup.host, `/api/subjects/${subjectId}/conversations/${conversation.id}`, { token: user.accessToken });
    expect(draft.status).toBe(200);

    const saved = await api(setup.host, `/api/subjects/${subjectId}/conversations/${conversation.id}`, {
      token: user.accessToken,
      method: 'PUT',
      body: { title: '  Photosynthèse : révisions  ' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: conversation.id, title: 'Photosynthèse : révisions', saved: true, turn_count: 2 });
    const listed = (await list()).body.conversations;
    expect(listed).toEqual([saved.body]);

    const reopened = await api(setup.host, `/api/subjects/${subjectId}/conversations/${conversation.id}`, { token: user.accessToken });
    expect(reopened.body).toMatchObject({ id: conversation.id, title: 'Photosynthèse : révisions', saved: true, turn_count: 2 });
    expect(reopened.body.turns.map((t: { question: string; mode: string }) => [t.question, t.mode])).toEqual([
      [q1, 'course'],
      ['Et où se déroule-t-elle ?', 'concise'],
    ]);
    expect(reopened.body.turns[0]).toEqual(first.body.turn);
    expect(reopened.body.turns[1]).toEqual(second.body.turn);

    // Newest first; deleting removes it from the list.
    const other = await ask(user, subjectId, { question: 'Qu’est-ce que la mitose ?', mode: 'course' });
    await api(setup.host, `/api/subjects/${subjectId}/conversations/${other.body.conversation.id}`, { token: user.accessToken, method: 'PUT', body: {} });
    expect((await list()).body.conversations.map((c: { id: string; title: string }) => [c.id, c.title])).toEqual([
      [other.body.conversation.id, 'Qu’est-ce que la mitose ?'],
      [conversation.id, 'Photosynthèse : révisions'],
    ]);
    expect((await api(setup.host, `/api/subjects/${subjectId}/conversations/${conversation.id}`, { token: user.accessToken, method: 'DELETE' })).status).toBe(204);
    expect((await list()).body.conversations.map((c: { id: string }) => c.id)).toEqual([other.body.conversation.id]);
    expect((await api(setup.host, `/api/subjects/${subjectId}/conversations/${conversation.id}`, { token: user.accessToken })).status).toBe(404);
    expect((await api(setup.host, `/api/subjects/${subjectId}/conversations/${conversation.id}`, { token: user.accessToken, method: 'DELETE' })).status).toBe(404);
  });

  it('take a long first question as title, cut to 80 characters', async () => {
    const { user, subjectId } = await studentWithCourse();
    const question = 'Peux-tu m’expliquer en détail comment la respiration cellulaire libère l’énergie contenue dans le glucose et ce qu’elle produit ?';
    const r = await ask(user, subjectId, { question, mode: 'concise' });
    expect(r.body.conversation.title.length).toBeLessThanOrEqual(80);
    expect(question.startsWith(r.body.conversation.title.replace(/…$/, ''))).toBe(true);
  });

  it('take follow-up questions sent at the same time, none lost', async () => {
    const { user, subjectId } = await studentWithCourse();
    const first = await ask(user, subjectId, { question: 'Qu’est-ce que la mitose ?', mode: 'concise' });
    const id = first.body.conversation.id;
    const followUps = ['Quelles sont ses phases ?', 'Et la méiose ?', 'Que produit la méiose ?'];
    const results = await Promise.all(followUps.map((question) => ask(user, subjectId, { question, mode: 'concise', conversation_id: id })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const reopened = await api(setup.host, `/api/subjects/${subjectId}/conversations/${id}`, { token: user.accessToken });
    expect(reopened.body.turn_count).toBe(4);
    expect(reopened.body.turns[0].question).toBe('Qu’est-ce que la mitose ?');
    expect(reopened.body.turns.slice(1).map((t: { question: string }) => t.question).sort()).toEqual([...followUps].sort());
  });

  it('an unsaved conversation past its day is gone; a saved one stays', async () => {
    const { user, subjectId } = await studentWithCourse();
    const draft = (await ask(user, subjectId, { question: 'Qu’est-ce que la mitose ?', mode: 'concise' })).body.conversation;
    await db().send(
      new UpdateCommand({
        TableName: config().tableNames.conversations,
        Key: { user_id: user.sub, sk: `${subjectId}#${draft.id}` },
        UpdateExpression: 'SET expires_at = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 60 },
      }),
    );
    const path = `/api/subjects/${subjectId}/conversations/${draft.id}`;
    expect((await api(setup.host, path, { token: user.accessToken })).status).toBe(404);
    expect((await api(setup.host, path, { token: user.accessToken, method: 'PUT', body: { title: 'Trop tard' } })).status).toBe(404);
    const followUp = await ask(user, subjectId, { question: 'Et la méiose ?', mode: 'concise', conversation_id: draft.id });
    expect(followUp.status).toBe(404);
    expect(followUp.body.error.code).toBe('conversation_not_found');
  });

  it('a full conversation asks for a new one, at no cost', async () => {
    const { user, subjectId } = await studentWithCourse();
    const first = await ask(user, subjectId, { question: 'Qu’est-ce que la mitose ?', mode: 'concise' });
    const turns = Array.from({ length: 50 }, () => first.body.turn);
    await db().send(
      new UpdateCommand({
        TableName: config().tableNames.conversations,
        Key: { user_id: user.sub, sk: `${subjectId}#${first.body.conversation.id}` },
        UpdateExpression: 'SET turns_json = :t, turn_count = :n',
        ExpressionAttributeValues: { ':t': JSON.stringify(turns), ':n': 50 },
      }),
    );
    const r = await ask(user, subjectId, { question: 'Et la méiose ?', mode: 'concise', conversation_id: first.body.conversation.id }, 'en');
    expect(r.status).toBe(409);
    expect(r.body.error).toEqual({ code: 'conversation_full', message: 'This conversation is full (50 questions). Please start a new one.' });
    expect((await api(setup.host, '/api/usage', { token: user.accessToken })).body.features.question_generation.used).toBe(1);
  });
});

describe('revision sheets', () => {
  it('are generated as cited drafts; a free student cannot save them, a Premium student can', async () => {
    const { user, subjectId, fileId } = await studentWithCourse();
    const r = await api(setup.host, `/api/subjects/${subjectId}/sheets`, { token: user.accessToken, method: 'POST', body: {} });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const sheet = r.body.sheet;
    expect(sheet).toMatchObject({ subject_id: subjectId, file_id: null, saved: false, title: sheet.content.title });
    expect(sheet.content.language).toBe('fr');
    const citations = sheetCitations(sheet.content);
    expect(citations.length).toBeGreaterThan(0);
    expect(citations.every((c) => c.file_id === fileId)).toBe(true);
    expect(new Set(citations.map((c) => c.page))).toEqual(new Set([1, 2, 3]));
    expect(citations.some((c) => c.quote)).toBe(true);
    await expectQuotesOnTheirPages(user, subjectId, citations);
    expect(r.body.usage).toEqual({ feature: 'summary_generation', used: 1, limit: 5, remaining: 4 });

    const path = `/api/subjects/${subjectId}/sheets/${sheet.id}`;
    expect((await api(setup.host, path, { token: user.accessToken })).body).toEqual(sheet);
    const refused = await api(setup.host, path, { token: user.accessToken, method: 'PUT', body: { title: 'Ma fiche' }, headers: { 'accept-language': 'en' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: 'premium_only', message: 'This feature is reserved for Premium subscribers.' });
    expect((await api(setup.host, `/api/subjects/${subjectId}/sheets`, { token: user.accessToken })).body).toEqual({ sheets: [] });

    await makePremium(user);
    const saved = await api(setup.host, path, { token: user.accessToken, method: 'PUT', body: { title: 'Ma fiche de biologie' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ id: sheet.id, subject_id: subjectId, file_id: null, title: 'Ma fiche de biologie', saved: true, created_at: sheet.created_at });
    expect((await api(setup.host, `/api/subjects/${subjectId}/sheets`, { token: user.accessToken })).body).toEqual({ sheets: [saved.body] });
    const reopened = await api(setup.host, path, { token: user.accessToken });
    expect(reopened.body).toEqual({ ...saved.body, content: sheet.content });

    // Premium generation is unlimited but counted.
    const again = await api(setup.host, `/api/subjects/${subjectId}/sheets`, { token: user.accessToken, method: 'POST', body: { file_id: fileId } });
    expect(again.status).toBe(200);
    expect(again.body.sheet.file_id).toBe(fileId);
    expect(again.body.usage).toEqual({ feature: 'summary_generation', used: 2, limit: null, remaining: null });
    expect((await api(setup.host, path, { token: user.accessToken, method: 'DELETE' })).status).toBe(204);
    expect((await api(setup.host, path, { token: user.accessToken })).status).toBe(404);
    expect((await api(setup.host, `/api/subjects/${subjectId}/sheets`, { token: user.accessToken })).body).toEqual({ sheets: [] });
  });

  it('five a month on the free plan', async () => {
    const { user, subjectId } = await studentWithCourse();
    const results = await Promise.all(Array.from({ length: 7 }, () => api(setup.host, `/api/subjects/${subjectId}/sheets`, { token: user.accessToken, method: 'POST' })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0].body.error.message).toBe("Limite d'utilisation atteinte (5/5 ce mois-ci). Réessaie plus tard ou passe à Premium.");
  });
});

describe('free plan limits', () => {
  it('50 questions at once with 10 left: exactly 10 answered, 40 refused, and the meter says so', async () => {
    const { user, subjectId } = await studentWithCourse();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => ask(user, subjectId, { question: i % 2 ? 'Qu’est-ce que la mitose ?' : 'Où a lieu la respiration cellulaire ?', mode: 'concise' }, 'en')),
    );
    const answered = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 429);
    expect(answered).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(new Set(refused.map((r) => r.body.error.code))).toEqual(new Set(['usage_limit_reached']));
    expect(refused[0].body.error.message).toBe('Usage limit reached (10/10 this month). Try again later or upgrade to Premium.');
    expect(answered.map((r) => r.body.usage.used).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const usage = await api(setup.host, '/api/usage', { token: user.accessToken });
    expect(usage.body.features.question_generation).toEqual({ used: 10, limit: 10, remaining: 0 });
  });

  it('a failed generation costs nothing and says so', async () => {
    const { user, subjectId } = await studentWithCourse();
    const engine = studyEngine();
    vi.spyOn(engine, 'answer').mockRejectedValueOnce(new Error('model crashed')).mockRejectedValueOnce(new EngineError('throttled', 'busy', { attempts: 3 }));
    vi.spyOn(engine, 'sheet').mockRejectedValueOnce(new EngineError('invalid_output', 'no grounded line'));
    const crashed = await ask(user, subjectId, { question: 'Qu’est-ce que la mitose ?', mode: 'course' }, 'en');
    expect(crashed.status).toBe(502);
    expect(crashed.body.error).toEqual({ code: 'generation_failed', message: 'Error generating the answer. Please try again.' });
    const throttled = await ask(user, subjectId, { question: 'Qu’est-ce que la mitose ?', mode: 'course' });
    expect(throttled.status).toBe(502);
    expect(throttled.body.error.message).toBe('Erreur lors de la génération de la réponse. Réessaie.');
    const sheet = await api(setup.host, `/api/subjects/${subjectId}/sheets`, { token: user.accessToken, method: 'POST', headers: { 'accept-language': 'en' } });
    expect(sheet.status).toBe(502);
    expect(sheet.body.error).toEqual({ code: 'summary_failed', message: 'Error generating the summary' });
    const usage = await api(setup.host, '/api/usage', { token: user.accessToken });
    expect(usage.body.features.question_generation.used).toBe(0);
    expect(usage.body.features.summary_generation.used).toBe(0);
    // Nothing was stored: no conversation, no sheet.
    expect(await describeUserData(user.sub)).toMatchObject({ conversations: 0, sheets: 0 });
    // The engine works again: the next question is answered and costs one unit.
    const ok = await ask(user, subjectId, { question: 'Qu’est-ce que la mitose ?', mode: 'course' });
    expect(ok.status).toBe(200);
    expect(ok.body.usage.used).toBe(1);
  });

  it('an answer that breaks the contract is refused, at no cost', async () => {
    const { user, subjectId } = await studentWithCourse();
    vi.spyOn(studyEngine(), 'answer').mockResolvedValueOnce({ mode: 'course', language: 'fr', found: true, blocks: [{ kind: 'paragraph', text: 'Sans source.', citations: [] }] });
    const r = await ask(user, subjectId, { question: 'Qu’est-ce que la mitose ?', mode: 'course' });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('generation_failed');
    expect((await api(setup.host, '/api/usage', { token: user.accessToken })).body.features.question_generation.used).toBe(0);
  });

  it('Premium students are not limited', async () => {
    const { user, subjectId } = await studentWithCourse();
    await makePremium(user);
    const results = await Promise.all(Array.from({ length: 12 }, () => ask(user, subjectId, { question: 'Qu’est-ce que la mitose ?', mode: 'concise' })));
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect((await api(setup.host, '/api/usage', { token: user.accessToken })).body.features.question_generation).toEqual({ used: 12, limit: null, remaining: null });
  });
});

describe('ownership', () => {
  it('another student can neither ask on, read, save nor delete a student’s conversations and sheets', async () => {
    const { user: a, subjectId } = await studentWithCourse();
    const b = await newUser(setup.host);
    await makePremium(b);
    const conversation = (await ask(a, subjectId, { question: 'Qu’est-ce que la mitose ?', mode: 'concise' })).body.conversation;
    const sheet = (await api(setup.host, `/api/subjects/${subjectId}/sheets`, { token: a.accessToken, method: 'POST' })).body.sheet;
    const c = `/api/subjects/${subjectId}/conversations/${conversation.id}`;
    const s = `/api/subjects/${subjectId}/sheets/${sheet.id}`;
    for (const [method, path, body] of [
      ['POST', `/api/subjects/${subjectId}/questions`, { question: 'Qu’est-ce que la mitose ?', mode: 'course' }],
      ['POST', `/api/subjects/${subjectId}/questions`, { question: 'Et la méiose ?', mode: 'course', conversation_id: conversation.id }],
      ['GET', `/api/subjects/${subjectId}/conversations`],
      ['GET', c],
      ['PUT', c, { title: 'Volée' }],
      ['DELETE', c],
      ['POST', `/api/subjects/${subjectId}/sheets`, {}],
      ['GET', `/api/subjects/${subjectId}/sheets`],
      ['GET', s],
      ['PUT', s, { title: 'Volée' }],
      ['DELETE', s],
    ] as const) {
      const r = await api(setup.host, path, { token: b.accessToken, method, body });
      expect(r.status, `${method} ${path}`).toBe(404);
    }
    // Nothing of A's changed, and B spent nothing.
    expect((await api(setup.host, c, { token: a.accessToken })).body).toMatchObject({ saved: false, turn_count: 1, title: 'Qu’est-ce que la mitose ?' });
    expect((await api(setup.host, s, { token: a.accessToken })).body).toMatchObject({ saved: false });
    const usage = await api(setup.host, '/api/usage', { token: b.accessToken });
    expect(usage.body.features.question_generation.used + usage.body.features.summary_generation.used).toBe(0);
  });
});

describe('deletion', () => {
  it('deleting a subject removes its conversations and sheets, saved or not, and nothing else', async () => {
    const { user, subjectId } = await studentWithCourse();
    await makePremium(user);
    const other = await createSubject(setup.host, user.accessToken, 'Autre');
    await readyFile(setup.host, user, other.id, 'Autre cours', setup.geneticsPdf);
    const kept = (await ask(user, other.id, { question: 'Qu’est-ce qu’un gène ?', mode: 'concise' })).body.conversation;
    await api(setup.host, `/api/subjects/${other.id}/conversations/${kept.id}`, { token: user.accessToken, method: 'PUT', body: {} });

    const saved = (await ask(user, subjectId, { question: 'Qu’est-ce que la mitose ?', mode: 'concise' })).body.conversation;
    await api(setup.host, `/api/subjects/${subjectId}/conversations/${saved.id}`, { token: user.accessToken, method: 'PUT', body: {} });
    await ask(user, subjectId, { question: 'Et la méiose ?', mode: 'concise' });
    const sheet = (await api(setup.host, `/api/subjects/${subjectId}/sheets`, { token: user.accessToken, method: 'POST' })).body.sheet;
    await api(setup.host, `/api/subjects/${subjectId}/sheets/${sheet.id}`, { token: user.accessToken, method: 'PUT', body: {} });
    await api(setup.host, `/api/subjects/${subjectId}/sheets`, { token: user.accessToken, method: 'POST' });
    expect(await describeUserData(user.sub)).toMatchObject({ conversations: 3, sheets: 2 });

    expect((await api(setup.host, `/api/subjects/${subjectId}`, { token: user.accessToken, method: 'DELETE' })).status).toBe(204);
    expect(await describeUserData(user.sub)).toMatchObject({ conversations: 1, sheets: 0 });
    expect((await api(setup.host, `/api/subjects/${subjectId}/conversations/${saved.id}`, { token: user.accessToken })).status).toBe(404);
    expect((await api(setup.host, `/api/subjects/${other.id}/conversations`, { token: user.accessToken })).body.conversations).toHaveLength(1);
  });

  it('deleting the account erases conversations and sheets with the rest', async () => {
    const { user, subjectId } = await studentWithCourse();
    await ask(user, subjectId, { question: 'Qu’est-ce que la mitose ?', mode: 'concise' });
    await api(setup.host, `/api/subjects/${subjectId}/sheets`, { token: user.accessToken, method: 'POST' });
    expect(await describeUserData(user.sub)).toMatchObject({ conversations: 1, sheets: 1 });
    expect((await api(setup.host, '/api/account', { token: user.accessToken, method: 'DELETE' })).status).toBe(204);
    expect(Object.values(await describeUserData(user.sub)).every((n) => n === 0)).toBe(true);
    expect(await userTraces(user.sub)).toEqual([]);
  });
});
