import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SupportItem } from '../../../shared/schemas/staff';
import { type ContactMessageInput, type IssueReportInput } from '../../../shared/schemas/support';
import { DEMO_STAFF, signInStaff } from '../../test/staffSignIn';
import { startTestApp, uniqueIp, type TestApp, type TestClient } from '../../test/testApp';

let app: TestApp;
let support: TestClient;
let admin: TestClient;
let messageId: string;
let reportId: string;

const contact: ContactMessageInput = {
  name: 'Ana Lima',
  email: 'ana@example.com',
  subject: 'Payout question',
  category: 'Payment Problems',
  message: 'When does my payout arrive after the hold?',
};

const report: IssueReportInput = {
  issueType: 'bug',
  severity: 'high',
  title: 'Inventory does not refresh',
  description: 'The refresh button spins forever.',
  stepsToReproduce: 'Open Sell, press Refresh.',
  email: 'ana@example.com',
  steamId: '76561198000000042',
};

beforeAll(async () => {
  // Each submission from an address of its own: the forms are rate-limited per address.
  app = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  support = await signInStaff(app, DEMO_STAFF.support);
  admin = await signInStaff(app, DEMO_STAFF.admin);
  messageId = (await app.client({ ip: uniqueIp() }).post<{ id: string }>('/api/contact', contact)).body.id;
  reportId = (await app.client({ ip: uniqueIp() }).post<{ id: string }>('/api/issue-reports', report)).body.id;
}, 120_000);
afterAll(() => app?.close());

/** The inbox's items of this file (the file's other tests add theirs). */
async function inbox(query = ''): Promise<SupportItem[]> {
  const response = await support.get<{ items: SupportItem[] }>(`/api/staff/support${query}`);
  expect(response.status, response.text).toBe(200);
  return response.body.items.filter((item) => item.id === messageId || item.id === reportId);
}

async function auditOf(subjectId: string) {
  return (await app.services.dataSource.query(`SELECT actor, action, subject_type, details FROM audit_log WHERE subject_id = $1 ORDER BY id`, [subjectId])) as Array<
    Record<string, unknown>
  >;
}

describe('GET /api/staff/support', () => {
  it('lists contact messages and issue reports together, newest first', async () => {
    expect(await inbox()).toEqual([
      {
        type: 'issue_report',
        id: reportId,
        title: 'Inventory does not refresh',
        from: { name: null, email: 'ana@example.com', steamId: '76561198000000042' },
        label: 'high · bug',
        body: 'The refresh button spins forever.\n\nSteps to reproduce:\nOpen Sell, press Refresh.',
        status: 'open',
        assignee: null,
        createdAt: expect.any(String),
        notes: [],
      },
      {
        type: 'contact_message',
        id: messageId,
        title: 'Payout question',
        from: { name: 'Ana Lima', email: 'ana@example.com', steamId: null },
        label: 'Payment Problems',
        body: 'When does my payout arrive after the hold?',
        status: 'open',
        assignee: null,
        createdAt: expect.any(String),
        notes: [],
      },
    ]);
  });

  it('filters by status, and refuses a status that is not one', async () => {
    expect(await inbox('?status=closed')).toEqual([]);
    expect((await inbox('?status=open')).map((item) => item.id)).toEqual([reportId, messageId]);
    expect((await support.get('/api/staff/support?status=pending')).status).toBe(400);
  });

  it('is for support and admins, not finance', async () => {
    const finance = await signInStaff(app, DEMO_STAFF.finance);
    const response = await finance.get('/api/staff/support');
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('staff_role_required');
  });
});

describe('POST /api/staff/support/:type/:id', () => {
  it('closes and assigns an item, audited with what changed', async () => {
    const response = await support.post<SupportItem>(`/api/staff/support/contact_message/${messageId}`, {
      status: 'closed',
      assignee: DEMO_STAFF.support,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ id: messageId, status: 'closed', assignee: DEMO_STAFF.support });
    expect((await inbox('?status=closed')).map((item) => item.id)).toEqual([messageId]);

    // The same again changes nothing and records nothing; unassigning records only the assignee.
    expect((await support.post(`/api/staff/support/contact_message/${messageId}`, { status: 'closed' })).status).toBe(200);
    expect((await admin.post<SupportItem>(`/api/staff/support/contact_message/${messageId}`, { assignee: null })).body.assignee).toBeNull();
    expect(await auditOf(messageId)).toEqual([
      {
        actor: `staff:${DEMO_STAFF.support}`,
        action: 'support.updated',
        subject_type: 'contact_message',
        details: { before: { status: 'open', assignee: null }, after: { status: 'closed', assignee: DEMO_STAFF.support } },
      },
      {
        actor: `staff:${DEMO_STAFF.admin}`,
        action: 'support.updated',
        subject_type: 'contact_message',
        details: { before: { assignee: DEMO_STAFF.support }, after: { assignee: null } },
      },
    ]);
  });

  it('refuses an empty change, an assignee that is not an e-mail, and unknown items', async () => {
    expect((await support.post(`/api/staff/support/issue_report/${reportId}`, {})).status).toBe(400);
    expect((await support.post(`/api/staff/support/issue_report/${reportId}`, { assignee: 'someone' })).status).toBe(400);
    expect((await support.post(`/api/staff/support/issue_report/${randomUUID()}`, { status: 'closed' })).status).toBe(404);
    expect((await support.post(`/api/staff/support/issue_report/not-a-uuid`, { status: 'closed' })).status).toBe(404);
    expect((await support.post(`/api/staff/support/feedback/${reportId}`, { status: 'closed' })).status).toBe(404);
    // A message's id under the other type names nothing.
    expect((await support.post(`/api/staff/support/issue_report/${messageId}`, { status: 'closed' })).status).toBe(404);
    expect(await auditOf(reportId)).toEqual([]);
  });
});

describe('POST /api/staff/support/:type/:id/notes', () => {
  it('adds an internal note by the staff member, audited', async () => {
    const response = await support.post<SupportItem>(`/api/staff/support/issue_report/${reportId}/notes`, { body: 'Reproduced on Firefox.\nAsked for a HAR file.' });
    expect(response.status, response.text).toBe(201);
    expect(response.body.notes).toEqual([
      { id: expect.any(String), author: DEMO_STAFF.support, body: 'Reproduced on Firefox.\nAsked for a HAR file.', createdAt: expect.any(String) },
    ]);
    expect((await inbox()).find((item) => item.id === reportId)?.notes).toHaveLength(1);
    expect(await auditOf(reportId)).toEqual([
      {
        actor: `staff:${DEMO_STAFF.support}`,
        action: 'support.note_added',
        subject_type: 'issue_report',
        details: { noteId: response.body.notes[0]!.id, body: 'Reproduced on Firefox.\nAsked for a HAR file.' },
      },
    ]);
  });

  it('refuses an empty note and an unknown item', async () => {
    expect((await support.post(`/api/staff/support/issue_report/${reportId}/notes`, { body: '   ' })).status).toBe(400);
    expect((await support.post(`/api/staff/support/contact_message/${randomUUID()}/notes`, { body: 'Hello' })).status).toBe(404);
  });
});
