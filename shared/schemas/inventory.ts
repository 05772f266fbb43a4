/** The inventory's answers live in ../answers/inventory.ts; re-exported for code that reads them here. */
export type { BotStatus, InventoryItem, InventoryResponse } from '../answers/inventory';
