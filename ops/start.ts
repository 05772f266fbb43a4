/** `npm start`: build the PWA if its sources changed, then run the server (same process). */
import { buildPwaIfStale } from './pwaBuild';

try {
  buildPwaIfStale();
} catch (error) {
  console.error(`skinmarket: ${(error as Error).message}`);
  process.exit(1);
}
await import('../api/main');
