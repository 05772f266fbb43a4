/**
 * The pool's guarded clients on a server that answers (the frozen one is in
 * frozenDatabase.int.test.ts): a client whose query timed out is discarded, and a statement that is
 * merely slow is left to finish.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDataSource, poolSettings } from './dataSource';
import { testDatabaseUrl } from '../test/database';

describe('the guarded pool clients', () => {
  it('discard a client whose query timed out instead of lending it again with the query still on it', async () => {
    const url = testDatabaseUrl();
    const pool = new pg.Pool({ ...poolSettings(url), connectionString: url, max: 1, query_timeout: 300 });
    try {
      const first = await pool.connect();
      // A lent-out client needs an error listener of its own, as TypeORM's query runners have.
      first.on('error', () => undefined);
      await expect(first.query('SELECT pg_sleep(3)')).rejects.toThrow('Query read timeout');
      // Returned without an error, as TypeORM returns every client.
      first.release();
      const second = await pool.connect();
      try {
        expect(second).not.toBe(first);
        expect((await second.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      } finally {
        second.release();
      }
    } finally {
      await pool.end();
    }
  });

  it('leave a statement slower than the stall check alone while the server answers', async () => {
    const dataSource = createDataSource(testDatabaseUrl(), { poolSize: 2 });
    await dataSource.initialize();
    try {
      expect(await dataSource.query('SELECT 1 AS one FROM pg_sleep(4)')).toEqual([{ one: 1 }]);
    } finally {
      await dataSource.destroy();
    }
  });
});
