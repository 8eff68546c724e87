// The words the flashcards show for a card's origin and for the four ratings, as message keys.
import type { CardSource, Rating } from '../../api/cards';
import type { MessageKey } from '../../i18n';

export const sourceLabel: Record<CardSource, MessageKey> = {
  generated: 'cards.source.generated',
  mistake: 'cards.source.mistake',
  manual: 'cards.source.manual',
};

export const ratingLabel: Record<Rating, MessageKey> = {
  again: 'review.rating.again',
  hard: 'review.rating.hard',
  good: 'review.rating.good',
  easy: 'review.rating.easy',
};
