/**
 * The TypeORM DataSource for a database URL. Pool settings are chosen so that a database that goes
 * away turns into a quick error (503 at the edge) instead of requests hanging, and so that the pool
 * reconnects by itself when the database returns.
 */
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { entities } from '../entities';
import { migrations } from './migrations';

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
      connectionTimeoutMillis: 2_000,
      idleTimeoutMillis: 30_000,
      // Server-side guards: no statement or idle transaction may hold a connection for long.
      statement_timeout: 15_000,
      idle_in_transaction_session_timeout: 30_000,
      application_name: 'skinmarket-api',
    },
  });
}
