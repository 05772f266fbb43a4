/**
 * koa-session's external store on PostgreSQL: the cookie carries only a signed random id, the
 * session itself lives in `sessions`, so logout really ends it and any API process can serve it.
 */
import { type DataSource } from 'typeorm';

const DEFAULT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export function createSessionStore(dataSource: DataSource) {
  let writes = 0;
  return {
    async get(id: string): Promise<Record<string, unknown> | undefined> {
      const [row] = (await dataSource.query('SELECT data FROM sessions WHERE id = $1 AND expires_at > now()', [id])) as Array<{
        data: Record<string, unknown>;
      }>;
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
