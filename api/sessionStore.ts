/**
 * koa-session's external store on PostgreSQL: the cookie carries only a signed random id, the
 * session itself lives in `sessions`, so logout really ends it and any API process can serve it.
 * Reading a signed-in session reads its user in the same statement: `requireUser`
 * (middleware/auth.ts) takes the user from there instead of asking the database a second time.
 */
import { type Context } from 'koa';
import { type DataSource } from 'typeorm';
import { columnsOf, entityOf } from './db/rawEntities';
import { User } from './entities';
import { rememberSessionUser } from './middleware/auth';

const DEFAULT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

export function createSessionStore(dataSource: DataSource) {
  let writes = 0;
  // The user by primary key; a `userId` that is not a uuid at all names nobody (rather than failing the cast).
  const read = `SELECT s.data, ${columnsOf(dataSource, User, 'u')}
    FROM sessions s LEFT JOIN users u ON u.id = CASE WHEN s.data->>'userId' ~* '${UUID_PATTERN}' THEN (s.data->>'userId')::uuid END
    WHERE s.id = $1 AND s.expires_at > now()`;
  return {
    async get(id: string, _maxAge?: unknown, options?: { ctx?: Context }): Promise<Record<string, unknown> | undefined> {
      const [row] = (await dataSource.query(read, [id])) as Array<Record<string, unknown> & { data: Record<string, unknown> }>;
      const user = row ? entityOf(dataSource, User, row, 'u') : null;
      if (options?.ctx && user) rememberSessionUser(options.ctx, user);
      return row?.data;
    },
    async set(id: string, data: Record<string, unknown>, maxAge: number | 'session' | undefined): Promise<void> {
      const ttl = typeof maxAge === 'number' ? maxAge : DEFAULT_MAX_AGE_MS;
      await dataSource.query(
        `INSERT INTO sessions (id, data, expires_at) VALUES ($1, $2, now() + $3 * interval '1 millisecond')
         ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data, expires_at = EXCLUDED.expires_at`,
        [id, JSON.stringify(data), ttl],
      );
      // Expired sessions are removed in passing rather than by a separate timer.
      if (++writes % 200 === 0) await dataSource.query('DELETE FROM sessions WHERE expires_at < now()');
    },
    async destroy(id: string): Promise<void> {
      await dataSource.query('DELETE FROM sessions WHERE id = $1', [id]);
    },
  };
}
