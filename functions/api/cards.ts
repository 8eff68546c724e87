// Flashcards of a subject (spec §2 "flashcards"), scheduled with FSRS (core/srs.ts): decks
// generated from the subject or one file (one `flashcard_generation` unit on the free plan, given
// back on failure or when every notion already has its card), cards written by hand, edited,
// deleted, and reviewed with again/hard/good/easy. Mistakes made in quizzes arrive here too
// (api/quiz.ts). A card is due from its creation until reviewed; due counts are per subject.
import { z } from 'zod';
import { AppError } from '../core/errors.js';
import { isDue, review, srsRatings } from '../core/srs.js';
import { foldText } from '../engine/text/index.js';
import { flashcardSchema, type Flashcard } from '../engine/types.js';
import { loadCourse, loadEngine } from '../platform/course.js';
import { Reply, userRoute } from '../platform/http.js';
import { currentPlan } from '../platform/plan.js';
import {
  CARD_BACK_MAX,
  CARD_FRONT_MAX,
  countCards,
  deleteCard,
  deleteCards,
  editCard,
  getCardOrThrow,
  insertCard,
  listCards,
  newCardRecord,
  putCards,
  saveReview,
  toCard,
  type CardRecord,
} from '../platform/store/cards.js';
import { newItemId } from '../platform/store/drafts.js';
import { findSubject, getSubjectOrThrow } from '../platform/store/subjects.js';
import { withUsage } from '../platform/usage.js';
import { practiceEngine, practiceGenerate } from './quiz.js';
import { subjectParams } from './subjects.js';

/** Cards a deck has unless the student asks for another number. */
export const DEFAULT_DECK_SIZE = 20;

const idSchema = z.string().min(1).max(64);
const cardParams = subjectParams.extend({ cardId: idSchema });

/** How a front is compared: case, accents, punctuation and spacing do not make a new card. */
const frontKey = (front: string): string => foldText(front).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/** The engine's cards that are new to the subject and to each other, at most `count`. */
export function freshCards(generated: Flashcard[], existingFronts: string[], count: number): Flashcard[] {
  const seen = new Set(existingFronts.map(frontKey));
  const fresh: Flashcard[] = [];
  for (const card of generated) {
    const key = frontKey(card.front);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    fresh.push(card);
    if (fresh.length === count) break;
  }
  return fresh;
}

export const generateDeck = userRoute(
  { params: subjectParams, body: z.object({ file_id: idSchema.nullish(), count: z.number().int().min(5).max(40).optional() }).strict() },
  async ({ params, body, user }) => {
    const now = new Date();
    const plan = await currentPlan(user.id, now);
    const fileId = body.file_id ?? undefined;
    const count = body.count ?? DEFAULT_DECK_SIZE;
    const course = await loadCourse(user.id, params.subjectId, { fileId, fallbackLanguage: plan.profile?.language ?? 'fr' });
    const exclude = (await listCards(user.id, params.subjectId)).map((c) => c.front);
    const { value, usage } = await withUsage(
      user.id,
      'flashcard_generation',
      async () => {
        const generated = await practiceGenerate('flashcards_failed', 'flashcards_exhausted', { userId: user.id, subjectId: params.subjectId }, async () =>
          z
            .array(flashcardSchema)
            .parse(await practiceEngine(await loadEngine()).flashcards({ course, fileId, count, exclude, level: plan.profile?.education_level ?? null })),
        );
        const fresh = freshCards(generated, exclude, count);
        if (fresh.length === 0) throw new AppError('flashcards_exhausted');
        const at = new Date();
        // Ids a millisecond apart keep the deck's order among cards due at the same moment.
        const records = fresh.map((card, i) =>
          newCardRecord(
            { id: newItemId(new Date(at.getTime() + i)), subjectId: params.subjectId, front: card.front, back: card.back, kind: card.kind, source: 'generated', citations: card.citations },
            at,
          ),
        );
        await putCards(user.id, records);
        // The subject was deleted while the deck was written: its cards must not outlive it.
        if (!(await findSubject(user.id, params.subjectId))) {
          await deleteCards(user.id, params.subjectId, records.map((r) => r.id));
          throw new AppError('subject_not_found');
        }
        return records.map(toCard);
      },
      { now, plan },
    );
    return new Reply(201, { cards: value, usage });
  },
);

export const listSubjectCards = userRoute(
  { params: subjectParams, query: z.object({ due: z.enum(['0', '1']).optional() }) },
  async ({ params, query, user }) => {
    const now = new Date();
    await getSubjectOrThrow(user.id, params.subjectId);
    const cards = await listCards(user.id, params.subjectId);
    const due = cards.filter((c) => isDue(c, now));
    return { cards: (query.due === '1' ? due : cards).map(toCard), due: due.length, total: cards.length };
  },
);

export const dueCards = userRoute({}, async ({ user }) => ({ subjects: await countCards(user.id, new Date()) }));

const sideSchema = (max: number) => z.string().trim().max(max);

/** Both sides written: `card_empty` otherwise. */
function readSides(body: { front?: string; back?: string }, required: boolean): { front?: string; back?: string } {
  const given = [body.front, body.back].filter((s) => s !== undefined);
  if (required && given.length < 2) throw new AppError('card_empty');
  if (given.length === 0) throw new AppError('card_empty');
  if (given.some((s) => s === '')) throw new AppError('card_empty');
  return { front: body.front, back: body.back };
}

export const addCard = userRoute(
  { params: subjectParams, body: z.object({ front: sideSchema(CARD_FRONT_MAX).optional(), back: sideSchema(CARD_BACK_MAX).optional() }).strict() },
  async ({ params, body, user }) => {
    const sides = readSides(body, true);
    const now = new Date();
    await getSubjectOrThrow(user.id, params.subjectId);
    const record: CardRecord = newCardRecord(
      { id: newItemId(now), subjectId: params.subjectId, front: sides.front as string, back: sides.back as string, kind: 'manual', source: 'manual', citations: [] },
      now,
    );
    await insertCard(user.id, record);
    if (!(await findSubject(user.id, params.subjectId))) {
      await deleteCard(user.id, params.subjectId, record.id);
      throw new AppError('subject_not_found');
    }
    return new Reply(201, toCard(record));
  },
);

export const updateCard = userRoute(
  { params: cardParams, body: z.object({ front: sideSchema(CARD_FRONT_MAX).optional(), back: sideSchema(CARD_BACK_MAX).optional() }).strict() },
  async ({ params, body, user }) => toCard(await editCard(user.id, params.subjectId, params.cardId, readSides(body, false), new Date())),
);

export const removeCard = userRoute({ params: cardParams }, async ({ params, user }) => {
  if (!(await deleteCard(user.id, params.subjectId, params.cardId))) throw new AppError('card_not_found');
  return undefined;
});

export const reviewCard = userRoute({ params: cardParams, body: z.object({ rating: z.enum(srsRatings) }).strict() }, async ({ params, body, user }) => {
  const now = new Date();
  const card = await getCardOrThrow(user.id, params.subjectId, params.cardId);
  return { card: toCard(await saveReview(user.id, card, review(card, body.rating, now), now)) };
});
