import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signIn, uniqueSteamId } from '../api/test/signIn';
import { startTestApp, TEST_ENCRYPTION_KEY, uniqueIp, type TestApp } from '../api/test/testApp';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');

function ops(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'ops/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: inject('databaseUrl'), DATA_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, LOG_LEVEL: 'silent' },
  });
}

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => app.close());

describe('npm run ops', () => {
  it('lists contact messages and issue reports that arrived through the API', async () => {
    const http = app.client({ ip: uniqueIp() });
    const subject = `Where is my payout ${Date.now()}`;
    await http.post('/api/contact', { name: 'Ops Check', email: 'ops@example.com', subject, category: 'Other', message: 'Hello support' });
    const title = `Checkout button overlaps ${Date.now()}`;
    await http.post('/api/issue-reports', { issueType: 'ui', severity: 'low', title, description: 'On small phones', email: 'ops@example.com' });

    const messages = await ops('messages', '--limit', '50');
    expect(messages.stdout).toContain(`Subject: ${subject}`);
    expect(messages.stdout).toContain('Ops Check <ops@example.com>');
    const reports = await ops('issue-reports');
    expect(reports.stdout).toContain(`[low] ui  ${title}`);
    expect(reports.stdout).toContain('Description: On small phones');
  });

  it('explains its usage for an unknown command', async () => {
    await expect(ops('explode')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('Unknown command: explode') });
  });
});

describe('npm run ops -- credit-deposit and the withdrawal commands', () => {
  // Each ops call starts a Node process with tsx: seconds apiece on a busy machine.
  it('credits a manual transfer once per reference and processes withdrawals', { timeout: 120_000 }, async () => {
    const steamId = uniqueSteamId();
    const client = await signIn(app, steamId);
    const reference = `WIRE-${Date.now()}`;
    expect((await ops('credit-deposit', steamId, '120.00', reference, '--method', 'iban_sepa')).stdout).toContain(`Credited $120.00 to ${steamId}`);
    expect((await ops('credit-deposit', steamId, '120.00', reference)).stdout).toContain('was already credited');
    expect((await client.get<{ balance: string }>('/api/user')).body.balance).toBe('120.00');
    await expect(ops('credit-deposit', steamId, '12.345', 'X')).rejects.toMatchObject({ code: 1 });

    const { withdrawal } = (
      await client.post<{ withdrawal: { id: string } }>(
        '/api/withdrawals',
        { amount: '20.00', method: { type: 'paypal', paypalEmail: 'ops.payee@example.com' } },
        { 'idempotency-key': randomUUID() },
      )
    ).body;
    expect((await ops('withdrawals')).stdout).toContain(withdrawal.id);
    expect((await ops('withdrawal-destination', withdrawal.id)).stdout).toContain('paypalEmail: ops.payee@example.com');
    expect((await ops('withdrawal-processing', withdrawal.id)).stdout).toContain('is now processing');
    await expect(ops('withdrawal-reject', withdrawal.id)).rejects.toMatchObject({ code: 1 });
    expect((await ops('withdrawal-reject', withdrawal.id, 'Account', 'closed')).stdout).toContain('is now rejected');
    expect((await client.get<{ balance: string }>('/api/user')).body.balance).toBe('120.00');
  });
});
