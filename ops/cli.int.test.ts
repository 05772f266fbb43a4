import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../api/test/factories';
import { signIn, uniqueSteamId } from '../api/test/signIn';
import { startTestApp, TEST_ENCRYPTION_KEY, uniqueIp, type TestApp } from '../api/test/testApp';
import { testDatabaseUrl } from '../api/test/database';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');


function ops(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'ops/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: testDatabaseUrl(), DATA_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, LOG_LEVEL: 'silent' },
  });
}

/** The audit trail of one subject, oldest first. */
async function auditOf(subjectType: string, subjectId: string) {
  return (await app.services.dataSource.query(
    'SELECT actor, action, details, created_at FROM audit_log WHERE subject_type = $1 AND subject_id = $2 ORDER BY id',
    [subjectType, subjectId],
  )) as Array<{ actor: string; action: string; details: Record<string, unknown>; created_at: Date }>;
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
    // Who credited it and when, once (the repeat changed nothing, so it recorded nothing).
    const [deposit] = await app.services.dataSource.query('SELECT id, completed_at FROM deposits WHERE external_reference = $1', [reference]);
    const credited = await auditOf('deposit', deposit.id);
    expect(credited).toEqual([
      expect.objectContaining({ actor: 'system:cli', action: 'deposit.credited', details: expect.objectContaining({ reference, method: 'iban_sepa', amountCents: '12000' }) }),
    ]);
    expect(credited[0]!.created_at.getTime()).toBe(deposit.completed_at.getTime());
    await expect(ops('credit-deposit', steamId, '12.345', 'X')).rejects.toMatchObject({ code: 1 });
    await expect(ops('credit-deposit', steamId, '121.00', reference)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('different user or amount') });

    const { withdrawal } = (
      await client.post<{ withdrawal: { id: string } }>(
        '/api/withdrawals',
        { amount: '20.00', method: { type: 'paypal', paypalEmail: 'ops.payee@example.com' } },
        { 'idempotency-key': randomUUID() },
      )
    ).body;
    // The file's other tests request withdrawals too: the queue is read for this user only.
    expect((await ops('withdrawals', '--steam-id', steamId)).stdout).toContain(withdrawal.id);
    expect((await ops('withdrawal-destination', withdrawal.id)).stdout).toContain('paypalEmail: ops.payee@example.com');
    // An approval by system:cli: at or below the four-eyes threshold, one is all it needs.
    expect((await ops('withdrawal-processing', withdrawal.id)).stdout).toContain('is now processing');
    await expect(ops('withdrawal-reject', withdrawal.id)).rejects.toMatchObject({ code: 1 });
    expect((await ops('withdrawal-reject', withdrawal.id, 'Account', 'closed')).stdout).toContain('is now rejected');
    expect((await client.get<{ balance: string }>('/api/user')).body.balance).toBe('120.00');
    // The user's request, then each operator step (reading the destination included); the refused
    // reject without a reason left no record.
    const step = (before: string, after: string) => ({ before: { status: before }, after: { status: after } });
    expect((await auditOf('withdrawal', withdrawal.id)).map(({ actor, action, details }) => ({ actor, action, details }))).toEqual([
      { actor: expect.stringMatching(/^user:/), action: 'withdrawal.requested', details: { amountCents: '2000' } },
      { actor: 'system:cli', action: 'withdrawal.destination_read', details: {} },
      { actor: 'system:cli', action: 'withdrawal.approved', details: { ...step('requested', 'processing'), approvals: 1, approvalsNeeded: 1 } },
      { actor: 'system:cli', action: 'withdrawal.processing', details: step('requested', 'processing') },
      { actor: 'system:cli', action: 'withdrawal.rejected', details: { reason: 'Account closed', ...step('processing', 'rejected') } },
    ]);

    const paid = (
      await client.post<{ withdrawal: { id: string } }>('/api/withdrawals', { amount: '30.00', method: { type: 'paypal', paypalEmail: 'ops.payee@example.com' } }, { 'idempotency-key': randomUUID() })
    ).body.withdrawal;
    // Paid needs the payout reference, and an approval first.
    await expect(ops('withdrawal-paid', paid.id)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('usage: withdrawal-paid') });
    await expect(ops('withdrawal-paid', paid.id, 'PAYPAL-7781')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('needs 1 more approval') });
    await ops('withdrawal-processing', paid.id);
    expect((await ops('withdrawal-paid', paid.id, 'PAYPAL-7781')).stdout).toContain('is now paid');
    const [row] = await app.services.dataSource.query('SELECT updated_at, payout_reference FROM withdrawals WHERE id = $1', [paid.id]);
    expect(row.payout_reference).toBe('PAYPAL-7781');
    const trail = await auditOf('withdrawal', paid.id);
    expect(trail.map(({ actor, action }) => `${actor} ${action}`)).toEqual([
      expect.stringMatching(/^user:.* withdrawal\.requested$/),
      'system:cli withdrawal.approved',
      'system:cli withdrawal.processing',
      'system:cli withdrawal.paid',
    ]);
    expect(trail[3]!.details).toEqual({ reference: 'PAYPAL-7781', ...step('processing', 'paid') });
    // Written in the status change's own transaction: the same transaction time.
    expect(trail[3]!.created_at.getTime()).toBe(row.updated_at.getTime());
    expect((await client.get<{ balance: string }>('/api/user')).body.balance).toBe('90.00');
  });

  it('approves a withdrawal above the four-eyes threshold once: a finance approval in the console is still needed', { timeout: 60_000 }, async () => {
    const { dataSource } = app.services;
    const client = await signIn(app, (await buildUser(dataSource, { balanceCents: 150_000n })).steamId);
    const { withdrawal } = (
      await client.post<{ withdrawal: { id: string } }>('/api/withdrawals', { amount: '1200.00', method: { type: 'paypal', paypalEmail: 'ops.payee@example.com' } }, { 'idempotency-key': randomUUID() })
    ).body;
    expect((await ops('withdrawal-processing', withdrawal.id)).stdout).toContain('is now requested (approved 1 of 2');
    const approvals = await dataSource.query('SELECT staff_email FROM withdrawal_approvals WHERE withdrawal_id = $1', [withdrawal.id]);
    expect(approvals).toEqual([{ staff_email: 'system:cli' }]);
  });
});
