// Flashcards of a subject, scheduled with FSRS (core/srs.ts): decks
// generated from the subject or one file (one `flashcard_generation` unit on the free plan, given
// back on failure or when every notion already has its card), cards written by hand, edited,
// deleted, and reviewed with again/hard/good/easy. Mistakes made in quizzes arrive here too
// (api/quiz.ts). A card is due from its creation until reviewed; due counts are per subject. The
// card rules are core/cards.ts.
import { z } from 'zod';
import { attachmentDisposition, cardsToCsv, subjectsCardsToCsv } from '../core/card-export.js';
import { cardSides, freshCards, newCardRecord, toCard, type CardRecord } from '../core/cards.js';
import { AppError, errorMessage } from '../core/errors.js';
import { DECK_SIZE } from '../core/limits.js';
import { pageOf } from '../core/paging.js';
import { cardBody, cardExportQuery, cardListQuery, cardParams, deckBody, reviewBody, subjectParams } from '../core/schemas.js';
import { isDue, recallProbability, review } from '../core/srs.js';
import { localDate } from '../core/streak.js';
import type { Card } from '../core/views.js';
import { flashcardSchema, type Flashcard } from '../core/artefacts.js';
import { FileReply, Reply, RESPONSE_BODY_LIMIT, userRoute } from '../platform/http.js';
import {
  countCards,
  deleteCard,
  deleteCards,
  editCard,
  generatedCardId,
  getCardOrThrow,
  insertCard,
  insertNewCards,
  listAllCards,
  listCards,
  saveReview,
} from '../platform/store/cards.js';
import { newItemId } from '../platform/store/drafts.js';
import { findSubject, getSubjectOrThrow, listSubjectItems } from '../platform/store/subjects.js';
import { loadPracticeEngine, practiceGenerate, studyContext } from '../platform/study-context.js';
import { withUsage } from '../platform/usage.js';
import { recordActivity } from '../platform/activity.js';

/**
 * A deck's new cards, in its order: `created_at` a millisecond apart keeps that order among cards
 * due at the same moment (their ids are hashes of their fronts, see generatedCardId).
 */
function deckRecords(subjectId: string, cards: Flashcard[], at: Date): CardRecord[] {
  return cards.map((card, i) => {
    const made = new Date(at.getTime() + i).toISOString();
    const record = newCardRecord(
      { id: generatedCardId(card.front), subjectId, front: card.front, back: card.back, kind: card.kind, source: 'generated', citations: card.citations },
      at,
    );
    return { ...record, created_at: made, updated_at: made };
  });
}

/**
 * A deck: only the cards whose front the subject does not have yet are stored, each one
 * conditionally, so decks generated at the same time never store a front twice. A deck that adds
 * nothing (every card's front already there, even when another deck took it a moment before) is
 * `flashcards_exhausted` and gives its unit back. A deck of fewer cards than asked says how many
 * and why (`shortfall`, in the caller's language).
 */
export const generateDeck = userRoute({ params: subjectParams, body: deckBody }, async ({ params, body, user, lang }) => {
  const now = new Date();
  const fileId = body.file_id ?? undefined;
  const count = body.count ?? DECK_SIZE.default;
  const { plan, course, level } = await studyContext(user.id, params.subjectId, { fileId, now });
  const exclude = (await listCards(user.id, params.subjectId)).map((c) => c.front);
  const { value, usage } = await withUsage(
    user.id,
    'flashcard_generation',
    async () => {
      const generated = await practiceGenerate('flashcards_failed', 'flashcards_exhausted', { userId: user.id, subjectId: params.subjectId }, async () =>
        z.array(flashcardSchema).parse(await (await loadPracticeEngine(plan)).flashcards({ course, fileId, count, exclude, level })),
      );
      const fresh = freshCards(generated, exclude, count);
      if (fresh.length === 0) throw new AppError('flashcards_exhausted');
      const records = await insertNewCards(user.id, deckRecords(params.subjectId, fresh, new Date()));
      if (records.length === 0) throw new AppError('flashcards_exhausted');
      // The subject was deleted while the deck was written: its cards must not outlive it.
      if (!(await findSubject(user.id, params.subjectId))) {
        await deleteCards(user.id, params.subjectId, records.map((r) => r.id));
        throw new AppError('subject_not_found');
      }
      return records.map(toCard);
    },
    { now, plan },
  );
  const shortfall = value.length < count ? { code: 'deck_short' as const, message: errorMessage('deck_short', lang, { made: value.length, asked: count }) } : undefined;
  return new Reply(201, { cards: value, usage, requested: count, ...(shortfall ? { shortfall } : {}) });
});

export const listSubjectCards = userRoute({ params: subjectParams, query: cardListQuery }, async ({ params, query, user }) => {
  const now = new Date();
  await getSubjectOrThrow(user.id, params.subjectId);
  const cards = await listCards(user.id, params.subjectId);
  const due = cards.filter((c) => isDue(c, now));
  // Soonest due first, as listCards gives them; `due` and `total` count the whole subject.
  const page = pageOf(query.due === '1' ? due : cards, { key: (c) => [c.due, c.created_at, c.id], direction: 'asc' }, query);
  return { cards: page.items.map(toCard), due: due.length, total: cards.length, ...(page.next ? { next: page.next } : {}) };
});

/** A subject's cards in creation order, as both exports list them. */
const byCreation = (a: { created_at: string; id: string }, b: { created_at: string; id: string }) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);

/**
 * The subject's cards as a file to take elsewhere, named after the subject (core/card-export.ts):
 * `apkg`, an Anki package of one deck whose notes keep their ids from one export to the next;
 * `csv`, tab-separated front, back and source with a header row. Owner only.
 */
export const exportCards = userRoute({ params: subjectParams, query: cardExportQuery }, async ({ params, query, user }) => {
  const subject = await getSubjectOrThrow(user.id, params.subjectId);
  const cards = (await listCards(user.id, params.subjectId)).map(toCard).sort(byCreation);
  if (query.format === 'csv') {
    return new FileReply(cardsToCsv(cards), 'text/csv; charset=utf-8', { 'content-disposition': attachmentDisposition(subject.name, 'csv') });
  }
  // SQLite (sql.js) is loaded for this route only: the other card routes never need it.
  const { buildAnkiPackage } = await import('../platform/anki-package.js');
  const apkg = await buildAnkiPackage({ id: subject.id, name: subject.name }, cards, new Date());
  return new FileReply(apkg, 'application/octet-stream', { 'content-disposition': attachmentDisposition(subject.name, 'apkg') });
});

/**
 * Every subject's cards as one file (the profile's "Exporter mes cartes"): `apkg`, one deck per
 * subject that has cards, named after it, its notes with the same ids as the subject's own export;
 * `csv`, the subject's rows with the subject's name in a fourth column. Subjects by name, cards by
 * creation. The caller's cards only; none at all is `cards_export_empty` (404). A file over the
 * response bound is refused before it is sent (`cards_export_too_large`, 413): each subject can
 * still be exported on its own.
 */
export const exportAllCards = userRoute({ query: cardExportQuery }, async ({ query, user }) => {
  const [subjects, records] = await Promise.all([listSubjectItems(user.id), listAllCards(user.id)]);
  const bySubject = new Map<string, Card[]>();
  for (const record of records) {
    const cards = bySubject.get(record.subject_id) ?? [];
    cards.push(toCard(record));
    bySubject.set(record.subject_id, cards);
  }
  // A card whose subject is being deleted goes with it: only the subjects the student has count.
  const decks = subjects
    .filter((s) => bySubject.has(s.id))
    .sort((a, b) => a.name.localeCompare(b.name, 'fr') || a.id.localeCompare(b.id))
    .map((s) => ({ subject: { id: s.id, name: s.name }, cards: bySubject.get(s.id)!.sort(byCreation) }));
  if (decks.length === 0) throw new AppError('cards_export_empty');
  const name = `revise-cartes-${localDate(new Date())}`;
  if (query.format === 'csv') {
    const csv = subjectsCardsToCsv(decks);
    if (Buffer.byteLength(csv, 'utf8') > RESPONSE_BODY_LIMIT) throw new AppError('cards_export_too_large');
    return new FileReply(csv, 'text/csv; charset=utf-8', { 'content-disposition': attachmentDisposition(name, 'csv') });
  }
  const { buildAnkiDecksPackage } = await import('../platform/anki-package.js');
  const apkg = await buildAnkiDecksPackage(decks, new Date());
  // Sent base64-encoded: four characters for every three bytes.
  if (Math.ceil(apkg.length / 3) * 4 > RESPONSE_BODY_LIMIT) throw new AppError('cards_export_too_large');
  return new FileReply(apkg, 'application/octet-stream', { 'content-disposition': attachmentDisposition(name, 'apkg') });
});

export const dueCards = userRoute({}, async ({ user }) => ({ subjects: await countCards(user.id, new Date()) }));

export const addCard = userRoute({ params: subjectParams, body: cardBody }, async ({ params, body, user }) => {
  const sides = cardSides(body, true);
  const now = new Date();
  await getSubjectOrThrow(user.id, params.subjectId);
  const record = newCardRecord(
    { id: newItemId(now), subjectId: params.subjectId, front: sides.front as string, back: sides.back as string, kind: 'manual', source: 'manual', citations: [] },
    now,
  );
  await insertCard(user.id, record);
  if (!(await findSubject(user.id, params.subjectId))) {
    await deleteCard(user.id, params.subjectId, record.id);
    throw new AppError('subject_not_found');
  }
  return new Reply(201, toCard(record));
});

export const updateCard = userRoute({ params: cardParams, body: cardBody }, async ({ params, body, user }) =>
  toCard(await editCard(user.id, params.subjectId, params.cardId, cardSides(body, false), new Date())),
);

export const removeCard = userRoute({ params: cardParams }, async ({ params, user }) => {
  if (!(await deleteCard(user.id, params.subjectId, params.cardId))) throw new AppError('card_not_found');
  return undefined;
});

export const reviewCard = userRoute({ params: cardParams, body: reviewBody }, async ({ params, body, user }) => {
  const now = new Date();
  const card = await getCardOrThrow(user.id, params.subjectId, params.cardId);
  if (body.reps !== undefined && body.reps !== card.reps) throw new AppError('card_review_conflict');
  const saved = await saveReview(user.id, card, review(card, body.rating, now), now);
  await recordActivity(user.id, `${card.id}-${card.reps}`, {
    kind: 'review',
    at: now.toISOString(),
    subject_id: params.subjectId,
    card_id: card.id,
    rating: body.rating,
    predicted: card.last_review ? recallProbability(card, now) : null,
  }, body.timezone);
  return { card: toCard(saved) };
});
