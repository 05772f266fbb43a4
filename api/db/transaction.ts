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

/**
 * How a command runs its work: inside the caller's transaction when it is given one (the request's
 * idempotency transaction, so the change and the stored answer commit together, and the caller
 * owns the retries), else in a transaction of its own through `inTransaction`. A command never
 * opens a second transaction beside a given one.
 */
export async function joinOrBegin<T>(dataSource: DataSource, manager: EntityManager | undefined, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  if (!manager) return inTransaction(dataSource, work);
  if (!manager.queryRunner?.isTransactionActive) throw new Error('joinOrBegin was given an EntityManager outside a transaction');
  return work(manager);
}
