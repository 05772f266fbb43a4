/**
 * Cards in an item grid's first row on a wide screen (no grid has more columns): their pictures
 * are fetched at once with high priority instead of lazily, as they are usually the page's largest
 * paint. A module of its own, without dependencies: the page's entry uses it too (the market's
 * early first page, main.tsx).
 */
export const PRIORITY_CARDS = 4;
