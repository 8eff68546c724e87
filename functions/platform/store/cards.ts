// Flashcards in DynamoDB: one item per card, `{user_id, sk: {subject_id}#{card_id}}`, its text,
// citations (JSON) and FSRS state (core/srs.ts). Generated and manual cards get time-ordered ids;
// a mistake card's id is a hash of the fact its quiz question tested, so creating it is one
// conditional put: the same fact missed twice, even in two racing answers, gives one card per
// subject. A review is conditional on the repetition count read, so two racing reviews of one card
// never both apply (the second answers 409 `card_review_conflict`); editing the text touches only
// the text, so it never conflicts with a review.
// Due counts read the student's cards with a projection on `sk` and `due` only: one query per
// student, proportionate to a student's deck (hundreds to a few thousand cards).
import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AppError } from '../../core/errors.js';
import { cardKinds, type Card, type CardCount, type CardKind, type CardSource } from '../../core/views.js';
import { isDue, newCardState, type SrsState } from '../../core/srs.js';
import type { Citation } from '../../engine/types.js';
import { db } from '../clients.js';
import { config } from '../config.js';
import { batchWrite } from './batch.js';
import { deleteAllUnder, itemSortKey } from './drafts.js';
import { isConditionFailure } from './profiles.js';
import { queryAll } from './query.js';

export { cardKinds };
export type { Card, CardCount, CardKind, CardSource };

/** Longest front and back a card keeps (the engine's flashcard limits). */
export const CARD_FRONT_MAX = 500;
export const CARD_BACK_MAX = 2000;

/** A card with what is stored beside it: the FSRS learning step and, for a mistake, its fact. */
export interface CardRecord extends Card {
  learning_steps: number;
  fact_key?: string;
}

interface CardItem extends Omit<CardRecord, 'citations'> {
  user_id: string;
  sk: string;
  citations_json: string;
}

const table = () => config().tableNames.cards;

/** The id of the mistake card for a fact: the same fact gives the same card in a subject. */
export const mistakeCardId = (factKey: string): string => `m${createHash('sha256').update(factKey).digest('hex').slice(0, 24)}`;

export function toCard(record: CardRecord): Card {
  const card: Card = {
    id: record.id,
    subject_id: record.subject_id,
    front: record.front,
    back: record.back,
    kind: record.kind,
    source: record.source,
    citations: record.citations,
    created_at: record.created_at,
    updated_at: record.updated_at,
    due: record.due,
    state: record.state,
    reps: Number(record.reps),
    lapses: Number(record.lapses),
    last_review: record.last_review ?? null,
    stability: Number(record.stability),
    difficulty: Number(record.difficulty),
    scheduled_days: Number(record.scheduled_days),
  };
  if (record.quiz_session_id) card.quiz_session_id = record.quiz_session_id;
  return card;
}

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

export interface NewCard {
  id: string;
  subjectId: string;
  front: string;
  back: string;
  kind: CardKind;
  source: CardSource;
  citations: Citation[];
  quizSessionId?: string;
  factKey?: string;
}

/** A card never reviewed, due at once. */
export function newCardRecord(card: NewCard, now: Date): CardRecord {
  const at = now.toISOString();
  return {
    id: card.id,
    subject_id: card.subjectId,
    front: card.front,
    back: card.back,
    kind: card.kind,
    source: card.source,
    citations: card.citations,
    quiz_session_id: card.quizSessionId,
    fact_key: card.factKey,
    created_at: at,
    updated_at: at,
    ...newCardState(now),
  };
}

/** Soonest due first; cards due together in the order they were made. */
export const byDue = (a: Card, b: Card): number => a.due.localeCompare(b.due) || a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);

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

/** Stores new cards (a generated deck). */
export async function putCards(userId: string, records: CardRecord[]): Promise<void> {
  await batchWrite(
    table(),
    records.map((r) => ({ PutRequest: { Item: toItem(userId, r) as unknown as Record<string, unknown> } })),
    2,
  );
}

/** Stores one new card; its id must be new. */
export async function insertCard(userId: string, record: CardRecord): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: toItem(userId, record), ConditionExpression: 'attribute_not_exists(sk)' }));
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
