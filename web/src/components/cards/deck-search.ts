// The deck page's search: which cards a query keeps. Guarantees: a card is kept when every word
// of the query is found in its front or its back, ignoring case, accents and extra spaces; an
// empty query keeps every card.
export interface Searchable {
  front: string;
  back: string;
}

/** Lower case, without accents, spaces folded. */
export const foldForSearch = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

export function searchCards<T extends Searchable>(cards: readonly T[], query: string): T[] {
  const words = foldForSearch(query).split(' ').filter(Boolean);
  if (words.length === 0) return [...cards];
  return cards.filter((card) => {
    const text = foldForSearch(`${card.front} ${card.back}`);
    return words.every((word) => text.includes(word));
  });
}
