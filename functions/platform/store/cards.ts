// Flashcards in DynamoDB: one item per card, `{user_id, sk: {subject_id}#{card_id}}`, its text,
// citations (JSON) and FSRS state (core/srs.ts). Manual cards get time-ordered ids; a generated
// card's id is a hash of its front as core/cards.ts compares fronts, and a mistake card's a hash of
// the fact its quiz question tested, so creating either is one conditional put: decks generated
// at the same time never store one front twice in a subject, and the same fact missed twice, even
// in two racing answers, gives one card per subject. A review is conditional on the repetition count read, so two racing reviews of one card
// never both apply (the second answers 409 `card_review_conflict`); editing the text touches only
// the text, so it never conflicts with a review.
// Due counts read the student's cards with a projection on `sk` and `due` only: one query per
// student, proportionate to a student's deck (hundreds to a few thousand cards).
import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AppError } from '../../core/errors.js';
import { byDue, frontKey, type CardRecord } from '../../core/cards.js';
import { cardKinds, type Card, type CardCount, type CardKind, type CardSource } from '../../core/views.js';
import { isDue, type SrsState } from '../../core/srs.js';
import type { Citation } from '../../core/artefacts.js';
import { db } from '../clients.js';
import { config } from '../config.js';
import { batchWrite } from './batch.js';
import { deleteAllUnder, itemSortKey } from './drafts.js';
import { isConditionFailure } from './profiles.js';
import { queryAll } from './query.js';

export { cardKinds };
export type { Card, CardCount, CardKind, CardSource, CardRecord };

interface CardItem extends Omit<CardRecord, 'citations'> {
  user_id: string;
  sk: string;
  citations_json: string;
}

const table = () => config().tableNames.cards;

const hashed = (prefix: string, text: string): string => `${prefix}${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;

/** The id of the mistake card for a fact: the same fact gives the same card in a subject. */
export const mistakeCardId = (factKey: string): string => hashed('m', factKey);

/** The id of a generated card: fronts the same once compared (core/cards.ts frontKey) give the same id in a subject. */
export const generatedCardId = (front: string): string => hashed('g', frontKey(front));

function toRecord(item: CardItem): CardRecord {
  const { user_id: _user, sk: _sk, citations_json, ...rest } = item;
  return { ...rest, learning_steps: Number(rest.learning_steps ?? 0), citations: JSON.parse(citations_json || '[]') as Citation[] };
}

function toItem(userId: string, record: CardRecord): CardItem {
  const { citations, ...rest } = record;
  const item: CardItem = { ...rest, user_id: userId, sk: itemSortKey(record.subject_id, record.id), citations_json: JSON.stringify(citations) };
  if (item.quiz_session_id === undefined) delete item.quiz_session_id;
  if (item.fact_key === undefined) delete item.fact_key;
  return item;
}

export async function findCard(userId: string, subjectId: string, cardId: string): Promise<CardRecord | null> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: { user_id: userId, sk: itemSortKey(subjectId, cardId) }, ConsistentRead: true }));
  return out.Item ? toRecord(out.Item as CardItem) : null;
}

export async function getCardOrThrow(userId: string, subjectId: string, cardId: string): Promise<CardRecord> {
  const found = await findCard(userId, subjectId, cardId);
  if (!found) throw new AppError('card_not_found');
  return found;
}

/** Every card of a subject, soonest due first. */
export async function listCards(userId: string, subjectId: string): Promise<CardRecord[]> {
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'user_id = :u AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':u': userId, ':prefix': `${subjectId}#` },
    ConsistentRead: true,
  });
  return (items as unknown as CardItem[]).map(toRecord).sort(byDue);
}

/** Every card of the student, whatever the subject: one query of the student's partition. */
export async function listAllCards(userId: string): Promise<CardRecord[]> {
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'user_id = :u',
    ExpressionAttributeValues: { ':u': userId },
    ConsistentRead: true,
  });
  return (items as unknown as CardItem[]).map(toRecord);
}

/** Due and total cards of each subject that has cards, by subject id. */
export async function countCards(userId: string, now: Date): Promise<CardCount[]> {
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'user_id = :u',
    ExpressionAttributeValues: { ':u': userId },
    ProjectionExpression: 'sk, #due',
    ExpressionAttributeNames: { '#due': 'due' },
  });
  const counts = new Map<string, CardCount>();
  for (const item of items as { sk: string; due: string }[]) {
    const subjectId = item.sk.slice(0, item.sk.indexOf('#'));
    const count = counts.get(subjectId) ?? { subject_id: subjectId, due: 0, total: 0 };
    count.total += 1;
    if (isDue(item, now)) count.due += 1;
    counts.set(subjectId, count);
  }
  return [...counts.values()].sort((a, b) => a.subject_id.localeCompare(b.subject_id));
}

/** Stores one new card; its id must be new. */
export async function insertCard(userId: string, record: CardRecord): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: toItem(userId, record), ConditionExpression: 'attribute_not_exists(sk)' }));
}

/** Conditional puts sent at once when a deck is stored. */
const DECK_WRITES_IN_FLIGHT = 10;

/**
 * Stores a generated deck, each card one conditional put on its id (generatedCardId): a card whose
 * front the subject got meanwhile (another deck generated at the same time) is not stored. The
 * cards stored, in the deck's order. A failure removes the deck's cards already stored.
 */
export async function insertNewCards(userId: string, records: CardRecord[]): Promise<CardRecord[]> {
  const stored: CardRecord[] = [];
  try {
    for (let i = 0; i < records.length; i += DECK_WRITES_IN_FLIGHT) {
      const chunk = records.slice(i, i + DECK_WRITES_IN_FLIGHT);
      const outcomes = await Promise.allSettled(chunk.map((r) => insertCard(userId, r)));
      const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected' && !isConditionFailure(o.reason));
      chunk.forEach((r, j) => {
        if (outcomes[j].status === 'fulfilled') stored.push(r);
      });
      if (failure) throw failure.reason;
    }
  } catch (err) {
    if (stored.length) await deleteCards(userId, stored[0].subject_id, stored.map((r) => r.id));
    throw err;
  }
  return stored;
}

/**
 * Creates the mistake card for a fact unless the subject already has it: `created` false and the
 * card there when it does.
 */
export async function createMistakeCard(userId: string, record: CardRecord): Promise<{ card: CardRecord; created: boolean }> {
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      await insertCard(userId, record);
      return { card: record, created: true };
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      const existing = await findCard(userId, record.subject_id, record.id);
      // Deleted in between: the fact has no card any more, so this one is made (next attempt).
      if (existing) return { card: existing, created: false };
    }
  }
  throw new Error('Too many concurrent changes to one mistake card');
}

/** Changes a card's text (front, back or both); its schedule stays. */
export async function editCard(userId: string, subjectId: string, cardId: string, text: { front?: string; back?: string }, now: Date): Promise<CardRecord> {
  const values: Record<string, unknown> = { ':at': now.toISOString() };
  const names: Record<string, string> = {};
  const sets = ['updated_at = :at'];
  for (const side of ['front', 'back'] as const) {
    if (text[side] === undefined) continue;
    sets.push(`#${side} = :${side}`);
    names[`#${side}`] = side;
    values[`:${side}`] = text[side];
  }
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: { user_id: userId, sk: itemSortKey(subjectId, cardId) },
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(sk)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toRecord(out.Attributes as CardItem);
  } catch (err) {
    if (isConditionFailure(err)) throw new AppError('card_not_found');
    throw err;
  }
}

/**
 * Records a review: the card's new FSRS state, on condition that nobody reviewed it since it was
 * read (same repetition count). A review that lost the race: 409 `card_review_conflict`.
 */
export async function saveReview(userId: string, card: CardRecord, next: SrsState, now: Date): Promise<CardRecord> {
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: { user_id: userId, sk: itemSortKey(card.subject_id, card.id) },
        UpdateExpression:
          'SET #due = :due, stability = :stability, difficulty = :difficulty, #state = :state, reps = :reps, lapses = :lapses, ' +
          'scheduled_days = :scheduled, learning_steps = :steps, last_review = :last, updated_at = :at',
        ConditionExpression: 'attribute_exists(sk) AND reps = :prev',
        ExpressionAttributeNames: { '#due': 'due', '#state': 'state' },
        ExpressionAttributeValues: {
          ':due': next.due,
          ':stability': next.stability,
          ':difficulty': next.difficulty,
          ':state': next.state,
          ':reps': next.reps,
          ':lapses': next.lapses,
          ':scheduled': next.scheduled_days,
          ':steps': next.learning_steps,
          ':last': next.last_review,
          ':at': now.toISOString(),
          ':prev': card.reps,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toRecord(out.Attributes as CardItem);
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    if (!(await findCard(userId, card.subject_id, card.id))) throw new AppError('card_not_found');
    throw new AppError('card_review_conflict');
  }
}

/** Deletes a card; false when there was none. */
export async function deleteCard(userId: string, subjectId: string, cardId: string): Promise<boolean> {
  const out = await db().send(new DeleteCommand({ TableName: table(), Key: { user_id: userId, sk: itemSortKey(subjectId, cardId) }, ReturnValues: 'ALL_OLD' }));
  return Boolean(out.Attributes);
}

/** Deletes the given cards of a subject (a deck written while its subject was deleted). */
export async function deleteCards(userId: string, subjectId: string, cardIds: string[]): Promise<void> {
  await batchWrite(
    table(),
    cardIds.map((id) => ({ DeleteRequest: { Key: { user_id: userId, sk: itemSortKey(subjectId, id) } } })),
    2,
  );
}

/** Every card of the subject (subject deletion). */
export async function deleteSubjectCards(userId: string, subjectId: string): Promise<void> {
  await deleteAllUnder(table(), userId, subjectId);
}
