/**
 * The ops commands print user-supplied text with its control characters escaped: a bank name
 * carrying `ESC [2J` once cleared the operator's terminal and repainted the withdrawal queue. The
 * rows here are written by the commands themselves, past the request schemas that now refuse such
 * text, as rows stored before those schemas did.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessageCreator } from '../api/commands/contactMessageCreator';
import { withdrawalRequester } from '../api/commands/withdrawalRequester';
import { buildUser } from '../api/test/factories';
import { startTestApp, TEST_ENCRYPTION_KEY, type TestApp } from '../api/test/testApp';
import { testDatabaseUrl } from '../api/test/database';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');

function ops(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'ops/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: testDatabaseUrl(), DATA_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, LOG_LEVEL: 'silent', OPERATOR: 'ops-escapes-test' },
  });
}

/** Characters a terminal acts on, as they would reach it raw. */
const RAW_CONTROLS = ['\x1b', '\u009b', '\r', '\u202e'];

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('npm run ops prints stored text with control characters escaped', () => {
  // Each ops call starts a Node process with tsx: seconds apiece on a busy machine.
  it('in the withdrawal queue and a withdrawal destination', { timeout: 120_000 }, async () => {
    const { dataSource, cipher, config } = app.services;
    // Funded by a bank wire, credited as the operator does: cleared, so it can be withdrawn at once.
    const user = await buildUser(dataSource, { balanceCents: 5_000n });
    const { withdrawal } = await withdrawalRequester({
      userId: user.id,
      request: {
        amount: 2_000n,
        method: {
          type: 'bank_wire_usa',
          isDefault: false,
          bankName: 'Evil\x1b[2JBank',
          accountHolderName: 'Ana\u009b31mLima\r2026-01-01 paid',
          routingNumber: '021000021',
          accountNumber: '000123456789',
          accountType: 'checking',
        },
      },
      clearingDays: config.depositClearingDays,
      dataSource,
      cipher,
    });

    const queue = (await ops('withdrawals', '--steam-id', user.steamId)).stdout;
    expect(queue).toContain('Bank Wire (USA) · Evil\\x1b[2JBank ***6789');
    expect(queue).toContain(`\n  id ${withdrawal.id}`);
    const destination = (await ops('withdrawal-destination', withdrawal.id)).stdout;
    expect(destination).toContain('bankName: Evil\\x1b[2JBank\n');
    expect(destination).toContain('accountHolderName: Ana\\u009b31mLima\\x0d2026-01-01 paid\n');
    for (const output of [queue, destination]) {
      for (const raw of RAW_CONTROLS) expect(output.includes(raw), JSON.stringify(raw)).toBe(false);
    }
  });

  it('in contact messages, keeping the message on indented lines', { timeout: 60_000 }, async () => {
    const mark = randomUUID();
    const { dataSource, mailer, logger } = app.services;
    await contactMessageCreator({
      input: {
        name: 'Mallory\x1b[2J',
        email: 'mallory@example.com',
        subject: `Refund ${mark}\u202egnp.exe`,
        category: 'Other',
        message: 'line one\nline two\x1b[1A\x1b[2K\r\n\tline three',
      },
      dataSource,
      mailer,
      logger,
    });

    const messages = (await ops('messages', '--limit', '50')).stdout;
    expect(messages).toContain('Mallory\\x1b[2J <mallory@example.com>');
    expect(messages).toContain(`Subject: Refund ${mark}\\u202egnp.exe\n`);
    expect(messages).toContain('  line one\n  line two\\x1b[1A\\x1b[2K\n  \tline three\n');
    for (const raw of RAW_CONTROLS) expect(messages.includes(raw), JSON.stringify(raw)).toBe(false);
  });
});
