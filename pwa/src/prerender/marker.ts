/** The attribute of #root naming the path its prerendered HTML was rendered for (start.tsx hydrates only that path). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** The id of the JSON data block a page rendered by the server carries (pageData.ts). */
export const PAGE_DATA_ID = 'page-data';
