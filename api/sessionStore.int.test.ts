import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test/testApp';
import { createSessionStore } from './sessionStore';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('the PostgreSQL session store', () => {
  it('keeps, replaces and destroys sessions by id', async () => {
    const store = createSessionStore(app.services.dataSource);
    const id = `test-${Date.now()}`;
    expect(await store.get(id)).toBeUndefined();
    await store.set(id, { userId: 'a' }, 60_000);
    expect(await store.get(id)).toEqual({ userId: 'a' });
    await store.set(id, { userId: 'b' }, 60_000);
    expect(await store.get(id)).toEqual({ userId: 'b' });
    await store.destroy(id);
    expect(await store.get(id)).toBeUndefined();
  });

  it('treats an expired session as absent', async () => {
    const store = createSessionStore(app.services.dataSource);
    const id = `expired-${Date.now()}`;
    await store.set(id, { userId: 'c' }, 60_000);
    await app.services.dataSource.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
    expect(await store.get(id)).toBeUndefined();
  });
});
