import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { type AddressInfo } from 'node:net';
import { awayFromWindowEdge, startTestApp, uniqueIp, type TestApp } from '../../test/testApp';
import { SUPPORT_FORM_LIMIT } from './router';
import { type ContactMessageInput, type IssueReportInput } from '../../../shared/schemas/support';

const received: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, done) {
    let text = '';
    stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
    stream.on('end', () => {
      received.push(text);
      done();
    });
  },
});

let app: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  app = await startTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, SUPPORT_EMAIL: 'help@example.test', TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await app.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

/**
 * A refused request's body carries a unique mark in a text field the case leaves valid, and the
 * check counts only rows holding it: the file's other tests store messages too.
 */
function marked(body: Record<string, unknown>, invalidField: string, textFields: string[]) {
  const mark = `mark-${randomUUID()}`;
  const field = textFields.find((name) => name !== invalidField && typeof body[name] === 'string')!;
  return { mark, body: { ...body, [field]: `${body[field] as string} ${mark}` } };
}
const rowsWith = async (table: string, mark: string) =>
  (await app.services.dataSource.query(`SELECT count(*)::int AS n FROM ${table} t WHERE t::text LIKE $1`, [`%${mark}%`]))[0].n as number;

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
  email: 'ana@example.com',
};

async function waitFor(check: () => Promise<boolean> | boolean) {
  for (let i = 0; i < 50 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await check()).toBe(true);
}

describe('POST /api/contact', () => {
  it('stores the message, answers 201 {id} and copies it to the support mailbox', async () => {
    const response = await app.client({ ip: uniqueIp() }).post('/api/contact', contact);
    expect(response.status).toBe(201);
    const { id } = response.body as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await app.services.dataSource.query('SELECT * FROM contact_messages WHERE id = $1', [id]);
    expect(row).toMatchObject({ name: 'Ana Lima', email: 'ana@example.com', category: 'Payment Problems', message: contact.message });
    await waitFor(async () => (await app.services.dataSource.query('SELECT emailed_at FROM contact_messages WHERE id = $1', [id]))[0].emailed_at !== null);
    const mail = received.find((text) => text.includes(id));
    expect(mail).toContain('Subject: [Contact - Payment Problems] Payout question');
    expect(mail).toContain('Reply-To: ana@example.com');
    expect(mail).toContain('When does my payout arrive');
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['a missing name', { ...contact, name: undefined }, 'name', 'Name is required'],
    ['a blank subject', { ...contact, subject: '   ' }, 'subject', 'Subject is required'],
    ['a bad e-mail', { ...contact, email: 'ana@' }, 'email', 'Please enter a valid email address'],
    ['an unknown category', { ...contact, category: 'Complaints' }, 'category', 'Please select a category'],
    ['an over-long message', { ...contact, message: 'x'.repeat(5001) }, 'message', 'Message must be at most 5000 characters'],
    ['a wrong type', { ...contact, name: 42 }, 'name', 'Name is required'],
    ['an unknown field', { ...contact, admin: true }, 'admin', 'Unknown field'],
  ];
  for (const [what, body, field, message] of invalid) {
    it(`refuses ${what} with 400 and stores nothing`, async () => {
      const request = marked(body, field, ['message', 'subject']);
      const response = await app.client({ ip: uniqueIp() }).post('/api/contact', request.body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'validation_failed', fields: { [field]: message } });
      expect(await rowsWith('contact_messages', request.mark)).toBe(0);
    });
  }

  it('answers 429 with Retry-After to a flood from one address', async () => {
    const http = app.client({ ip: uniqueIp() });
    await awayFromWindowEdge(SUPPORT_FORM_LIMIT.windowSeconds);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await http.post('/api/contact', contact)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
    const refused = await http.post('/api/contact', contact);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('POST /api/issue-reports', () => {
  it('stores the report with defaults for optional fields and answers 201 {id}', async () => {
    const response = await app.client({ ip: uniqueIp() }).post('/api/issue-reports', report);
    expect(response.status).toBe(201);
    const { id } = response.body as { id: string };
    const [row] = await app.services.dataSource.query('SELECT * FROM issue_reports WHERE id = $1', [id]);
    expect(row).toMatchObject({
      issue_type: 'bug',
      severity: 'high',
      title: 'Inventory does not refresh',
      steps_to_reproduce: '',
      steam_id: null,
      include_screenshot: false,
      system_info: null,
    });
  });

  it('keeps system info only when the reporter chose to include it', async () => {
    const systemInfo = { userAgent: 'Mozilla/5.0 Test', screen: '1920x1080', appVersion: '0.1.0' };
    const response = await app.client({ ip: uniqueIp() }).post('/api/issue-reports', { ...report, steamId: '76561198000000001', includeSystemInfo: true, systemInfo });
    expect(response.status).toBe(201);
    const [row] = await app.services.dataSource.query('SELECT * FROM issue_reports WHERE id = $1', [(response.body as { id: string }).id]);
    expect(row).toMatchObject({ steam_id: '76561198000000001', system_info: systemInfo });

    const sneaky = await app.client({ ip: uniqueIp() }).post('/api/issue-reports', { ...report, includeSystemInfo: false, systemInfo });
    expect(sneaky.status).toBe(400);
    expect(sneaky.body).toMatchObject({ fields: { systemInfo: 'System info is sent only when you choose to include it' } });
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ['an unknown issue type', { ...report, issueType: 'crash' }, 'issueType'],
    ['an unknown severity', { ...report, severity: 'urgent' }, 'severity'],
    ['a missing title', { ...report, title: '' }, 'title'],
    ['a missing description', { ...report, description: undefined }, 'description'],
    ['a bad e-mail', { ...report, email: 'nobody' }, 'email'],
    ['a malformed Steam ID', { ...report, steamId: '123' }, 'steamId'],
    ['a non-boolean choice', { ...report, includeScreenshot: 'yes' }, 'includeScreenshot'],
  ];
  for (const [what, body, field] of invalid) {
    it(`refuses ${what} with 400 and stores nothing`, async () => {
      const request = marked(body, field, ['description', 'title']);
      const response = await app.client({ ip: uniqueIp() }).post('/api/issue-reports', request.body);
      expect(response.status).toBe(400);
      expect(Object.keys((response.body as { fields: object }).fields)).toContain(field);
      expect(await rowsWith('issue_reports', request.mark)).toBe(0);
    });
  }

  it('answers 429 to a flood from one address', async () => {
    const http = app.client({ ip: uniqueIp() });
    await awayFromWindowEdge(SUPPORT_FORM_LIMIT.windowSeconds);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await http.post('/api/issue-reports', report)).status);
    expect(statuses.slice(-1)).toEqual([429]);
  });

  it('answers 405 JSON to another method on the path', async () => {
    const response = await app.client({ ip: uniqueIp() }).get('/api/issue-reports');
    expect(response.status).toBe(405);
    expect(response.body).toMatchObject({ code: 'method_not_allowed' });
  });
});
