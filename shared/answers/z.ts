/**
 * The one way into zod for the answer schemas: zod's small functional build (`zod/mini`), because
 * the PWA parses every answer on its first screens and must not download all of zod to do so.
 * Request and form schemas use the full build through ../schemas/zod.ts.
 *
 * Browsers and the service worker run zod without its compiled fast path: that path probes
 * `new Function` once, which the Content-Security-Policy (no 'unsafe-eval') refuses and reports.
 * Schemas read the setting when they are built, so it is set here, before any of them.
 */
import * as z from 'zod/mini';

if (typeof window !== 'undefined' || typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== 'undefined') z.config({ jitless: true });

// Re-exported name by name (`export *`), never as the namespace object: a bundle holds only the
// functions the schemas call (about 6 KiB), where the namespace as a value would hold all of zod/mini.
export * from 'zod/mini';

/** An amount of money as the API writes it: dollars with exactly two decimals ("12.34"). */
export const money = z.string().check(z.regex(/^\d+\.\d{2}$/));
/** A signed amount ("+25.00", "-10.00"), as ledger movements are written. */
export const signedMoney = z.string().check(z.regex(/^[+-]\d+\.\d{2}$/));
/** A moment as the API writes it (ISO 8601). */
export const isoTime = z.string();

/** An answer without a body (204 No Content). */
export const noContent = z.undefined();

/** A page of a keyset-paged list: `{items, nextCursor}`, nextCursor null on the last page. */
export const page = <T extends z.ZodMiniType>(item: T) => z.object({ items: z.array(item), nextCursor: z.nullable(z.string()) });

/** Any schema of an answer (the staff console's are built with full zod; both parse alike). */
export type AnswerSchema<T = unknown> = z.core.$ZodType<T>;

/**
 * Checks an answer against its schema: the parsed value, or where it differs (the first problem,
 * as "items.0.price: invalid_format") for an error message.
 */
export function parseAnswer<T>(schema: AnswerSchema<T>, value: unknown): { ok: true; value: T } | { ok: false; problem: string } {
  const result = z.safeParse(schema, value);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'the answer';
  const expected = issue && 'expected' in issue ? ` (expected ${String(issue.expected)})` : '';
  return { ok: false, problem: `${where}: ${issue?.code ?? 'invalid'}${expected}` };
}
