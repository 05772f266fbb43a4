/**
 * Runs work in one database transaction, retried a bounded number of times when PostgreSQL
 * reports a serialization failure or a deadlock (40001, 40P01): those mean "try again", and the
 * work is all-or-nothing, so trying again is safe.
 */
import { type DataSource, type EntityManager } from 'typeorm';

const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 4;

function sqlState(error: unknown): string | undefined {
  const candidate = error as { code?: unknown; driverError?: { code?: unknown } };
  const code = candidate?.driverError?.code ?? candidate?.code;
  return typeof code === 'string' ? code : undefined;
}

export async function inTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await dataSource.transaction(work);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has(sqlState(error) ?? '')) throw error;
      // Jittered backoff so the transactions that collided do not collide again.
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 20 * attempt));
    }
  }
}

export { sqlState };
