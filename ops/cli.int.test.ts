import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestApp, uniqueIp, type TestApp } from '../api/test/testApp';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');

function ops(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'ops/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: inject('databaseUrl'), LOG_LEVEL: 'silent' },
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
