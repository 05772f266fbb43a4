import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEntry } from '../../../shared/schemas/staff';
import { audit } from '../../audit/auditLog';
import { encodeCursor } from '../../pagination';
import { userIdOf } from '../../test/selling';
import { signIn, uniqueSteamId } from '../../test/signIn';
import { DEMO_STAFF, signInStaff } from '../../test/staffSignIn';
import { startTestApp, type TestApp, type TestClient } from '../../test/testApp';

let app: TestApp;
let admin: TestClient;
let userId: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = await signInStaff(app, DEMO_STAFF.admin);
  const steamId = uniqueSteamId();
  await signIn(app, steamId);
  userId = await userIdOf(app, steamId);
  expect((await admin.post(`/api/staff/users/${userId}/freeze`, { reason: 'Audit test' })).status).toBe(200);
}, 120_000);
afterAll(() => app?.close());

type Page = { items: AuditEntry[]; nextCursor: string | null };
const read = (query: string) => admin.get<Page & { code?: string }>(`/api/staff/audit?${query}`);

describe('GET /api/staff/audit', () => {
  it('finds a staff action by actor (exact or prefix), subject (id or type:id) and action (exact or prefix)', async () => {
    const queries = [
      `actor=${encodeURIComponent(`staff:${DEMO_STAFF.admin}`)}`,
      'actor=staff%3A',
      `subject=${userId}`,
      `subject=user%3A${userId}`,
      `subject=${userId}&action=user.frozen`,
      `subject=${userId}&action=user.`,
      `subject=${userId}&actor=staff%3A&action=user`,
    ];
    for (const query of queries) {
      const response = await read(query);
      expect(response.status, query).toBe(200);
      expect(response.body.items.find((entry) => entry.subjectId === userId && entry.action === 'user.frozen'), query).toMatchObject({
        actor: `staff:${DEMO_STAFF.admin}`,
        subjectType: 'user',
        details: { reason: 'Audit test', before: { frozenAt: null, frozenReason: null }, after: { frozenReason: 'Audit test' } },
      });
    }
    for (const query of [`subject=listing%3A${userId}`, `subject=${userId}&action=user.unfrozen`, `subject=${userId}&actor=system%3A`, `subject=${userId}&actor=%25`]) {
      expect((await read(query)).body.items, query).toEqual([]);
    }
  });

  it('pages newest first, 50 a page, on a cursor', async () => {
    const subject = randomUUID();
    for (let i = 0; i < 53; i++) {
      await audit(app.services.dataSource.manager, { actor: 'system:audit-test', action: 'test.paged', subjectType: 'test', subjectId: subject, details: { i } });
    }
    const first = await read(`subject=${subject}`);
    expect(first.body.items).toHaveLength(50);
    expect(first.body.items[0]!.details).toEqual({ i: 52 });
    expect(first.body.nextCursor).not.toBeNull();
    const second = await read(`subject=${subject}&cursor=${first.body.nextCursor}`);
    expect(second.body.items.map((entry) => entry.details)).toEqual([{ i: 2 }, { i: 1 }, { i: 0 }]);
    expect(second.body.nextCursor).toBeNull();
  });

  it('refuses a cursor it did not hand out', async () => {
    for (const cursor of ['abc!', encodeCursor({ id: '0' }), encodeCursor({ id: '1; DROP TABLE audit_log' }), encodeCursor({ id: '5', extra: true })]) {
      const response = await read(`cursor=${encodeURIComponent(cursor)}`);
      expect(response.status, cursor).toBe(400);
      expect(response.body.code).toBe('invalid_cursor');
    }
  });

  it('is for admins only', async () => {
    const support = await signInStaff(app, DEMO_STAFF.support);
    expect((await support.get('/api/staff/audit')).status).toBe(403);
  });
});

describe('the audit log', () => {
  it('cannot be edited: the database refuses UPDATE, DELETE and TRUNCATE through the app', async () => {
    const db = app.services.dataSource;
    const [row] = (await db.query(`SELECT id::text AS id, details FROM audit_log WHERE subject_id = $1 AND action = 'user.frozen'`, [userId])) as Array<{
      id: string;
      details: Record<string, unknown>;
    }>;
    const edits = [
      [`UPDATE audit_log SET details = '{}' WHERE id = $1`, [row!.id]],
      ['DELETE FROM audit_log WHERE id = $1', [row!.id]],
      ['TRUNCATE audit_log', []],
    ] as const;
    for (const [sql, params] of edits) {
      await expect(db.query(sql, [...params]), sql).rejects.toThrow(/audit_log is append-only/);
    }
    const [after] = (await db.query('SELECT details FROM audit_log WHERE id = $1', [row!.id])) as Array<{ details: Record<string, unknown> }>;
    expect(after!.details).toEqual(row!.details);
  });
});
