/** The attribute of #root naming the path its prerendered HTML was rendered for (start.tsx hydrates only that path). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
