/**
 * The TypeORM DataSource for a database URL. Pool settings are chosen so that a database that goes
 * away, or stops answering, turns into a quick error (503 at the edge) instead of requests hanging,
 * and so that the pool reconnects by itself when the database returns.
 */
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { entities } from '../entities';
import { migrations } from './migrations';
import { guardedClientClass } from './silentServerGuard';

/** Server-side: a running server ends any statement after this (a request's whole budget). */
const STATEMENT_TIMEOUT_MS = 15_000;
/** Server-side: a transaction left open and idle is ended, freeing its locks and connection. */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 30_000;
/**
 * Client-side, a backstop: a query unanswered this long while the server answers others (so the
 * guard in silentServerGuard.ts left it alone) sits on a broken connection; it fails and the client
 * is discarded. Far above the statement limit, so that a session which lifts that limit for a bulk
 * change keeps room; a server that stops answering altogether is found within seconds by the guard.
 */
const QUERY_TIMEOUT_MS = 60_000;
/** Opening a connection, and waiting for a pooled one: a running server takes milliseconds. */
const CONNECT_TIMEOUT_MS = 2_000;
/** TCP keepalive after this much idleness, so an idle connection across a cut network is found dead. */
const KEEPALIVE_AFTER_MS = 10_000;

/**
 * The pg pool settings for a database URL (also for pools outside TypeORM, such as pg-boss's):
 * the limits above and clients guarded against a server that stops answering.
 */
export function poolSettings(url: string) {
  return {
    Client: guardedClientClass(url),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_AFTER_MS,
  };
}

export function createDataSource(url: string, options: { poolSize?: number } = {}): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsTableName: 'typeorm_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    poolSize: options.poolSize ?? 20,
    extra: {
      ...poolSettings(url),
      idleTimeoutMillis: 30_000,
      application_name: 'skinmarket-api',
    },
  });
}
