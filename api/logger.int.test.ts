/**
 * The logger never writes the data of a failed statement: TypeORM's QueryFailedError and the
 * PostgreSQL error inside it are logged with a real database, and the captured lines searched.
 * Every line written while a request is handled carries the request's id, taken from its
 * X-Request-Id when that is plainly an id.
 */
import { randomUUID } from 'node:crypto';
import { EntityNotFoundError, type DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataSource } from './db/dataSource';
import { User } from './entities';
import { capturedLogger } from './test/capturedLog';
import { startTestApp, type TestApp } from './test/testApp';
import { testDatabaseUrl } from './test/database';

async function failure(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the statement to fail');
}

let dataSource: DataSource;
beforeAll(async () => {
  dataSource = createDataSource(testDatabaseUrl(), { poolSize: 1 });
  await dataSource.initialize();
});
afterAll(() => dataSource.destroy());

describe('errors of failed statements in the log', () => {
  it('keep the SQL state, message and statement, never the parameters', async () => {
    const secret = `sess-${randomUUID()}`;
    const error = await failure(() => dataSource.query('SELECT * FROM sessions WHERE id = $1 AND expires_at > $2::timestamptz', [secret, 'never']));
    const { logger, text } = capturedLogger();
    logger.error({ err: error }, 'query failed');

    const line = JSON.parse(text()) as { err: Record<string, unknown> & { driverError: Record<string, unknown> } };
    expect(line.err).toMatchObject({
      type: 'QueryFailedError',
      code: '22007',
      message: 'invalid input syntax for type timestamp with time zone: "[redacted]"',
      query: 'SELECT * FROM sessions WHERE id = $1 AND expires_at > $2::timestamptz',
      parameters: '[redacted]',
    });
    expect(line.err.driverError).toMatchObject({ code: '22007' });
    expect(text()).not.toContain(secret);
    expect(text()).not.toContain('never');
  });

  it('hide values that PostgreSQL quotes in the message, the detail and the context', async () => {
    const key = `key-${randomUUID()}`;
    const rowValue = `row-${randomUUID()}`;
    const json = `json-${randomUUID()}`;
    const number = '98765432109876';
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    const errors: unknown[] = [];
    try {
      await runner.query('CREATE TEMP TABLE probe (k text PRIMARY KEY, n int CHECK (n > 0))');
      await runner.query('INSERT INTO probe VALUES ($1, 1)', [key]);
      errors.push(await failure(() => runner.query('INSERT INTO probe VALUES ($1, 1)', [key])));
      errors.push(await failure(() => runner.query('INSERT INTO probe VALUES ($1, -1)', [rowValue])));
      errors.push(await failure(() => runner.query('SELECT $1::json', [`{"${json}": }`])));
      errors.push(await failure(() => runner.query('SELECT $1::int', [number])));
      errors.push(await failure(() => runner.query('SELECT $1::uuid', [key])));
    } finally {
      await runner.release();
    }
    const { logger, text } = capturedLogger();
    for (const error of errors) logger.warn({ err: error }, 'query failed');
    // Logged alone, the error's message becomes the line's msg.
    for (const error of errors) logger.error(error);

    for (const secret of [key, rowValue, json, number]) expect(text()).not.toContain(secret);
    const lines = text().trim().split('\n').map((line) => JSON.parse(line) as { err: Record<string, string>; msg: string });
    expect(lines.map((line) => line.err.code)).toEqual(['23505', '23514', '22P02', '22003', '22P02', '23505', '23514', '22P02', '22003', '22P02']);
    expect(lines[0]!.err).toMatchObject({ detail: 'Key (k)=([redacted])', constraint: 'probe_pkey', message: 'duplicate key value violates unique constraint "probe_pkey"' });
    expect(lines[1]!.err).toMatchObject({ detail: '[redacted]', constraint: 'probe_n_check' });
    expect(lines[3]!.err.message).toBe('value "[redacted]" is out of range for type integer');
    expect(lines[9]!.msg).toBe('invalid input syntax for type uuid: "[redacted]"');
  });

  it('hide the criteria of an entity that was not found', () => {
    const email = `someone-${randomUUID()}@example.com`;
    const { logger, text } = capturedLogger();
    logger.error({ err: new EntityNotFoundError(User, { where: { email } }) }, 'not found');
    expect(text()).toContain('Could not find any entity of type \\"User\\" matching: [redacted]');
    expect(text()).not.toContain(email);
  });

  it('leave other errors and plain objects as they were', () => {
    const { logger, text } = capturedLogger();
    const notAnError = { reason: 'odd' };
    logger.warn({ err: new Error('Steam answered 500'), extra: 1 }, 'gateway');
    logger.warn({ err: notAnError }, 'odd');
    const [first, second] = text().trim().split('\n').map((line) => JSON.parse(line) as { err: { message?: string; reason?: string } });
    expect(first!.err.message).toBe('Steam answered 500');
    expect(second!.err).toEqual({ reason: 'odd' });
    expect(notAnError).toEqual({ reason: 'odd' });
  });
});

describe('request ids', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  const log = capturedLogger();
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ logger: log.logger });
  });
  afterAll(() => app.close());

  // An unsigned payment webhook: the handler logs a warning (after the rate limiter's and the
  // session's database round trips) and answers 401; the access line follows.
  const unsignedWebhook = (headers: Record<string, string> = {}) =>
    fetch(`${app.url}/api/webhooks/payments`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json', ...headers } });
  const linesOf = (requestId: string) => log.lines().filter((line) => line.requestId === requestId);

  it('are on every line a request writes, each its own among concurrent requests, and echoed', async () => {
    const ids = ['lb-7f3a9c.1:2', randomUUID(), 'A'.repeat(128), 'req_42', 'x'];
    const before = log.lines().length;
    const answers = await Promise.all(ids.map((id) => unsignedWebhook({ 'x-request-id': id })));
    expect(answers.map((answer) => answer.status)).toEqual(ids.map(() => 401));
    expect(answers.map((answer) => answer.headers.get('x-request-id'))).toEqual(ids);

    for (const id of ids) {
      const lines = linesOf(id);
      expect(lines.map((line) => [line.level, line.msg])).toEqual([
        [40, 'payment webhook refused'],
        [30, 'request'],
      ]);
      expect(lines[1]).toMatchObject({ method: 'POST', path: '/api/webhooks/payments', status: 401 });
    }
    expect(log.lines().slice(before).filter((line) => !ids.includes(line.requestId as string))).toEqual([]);
  });

  it('are generated when the request has none, or one that is not plainly an id', async () => {
    // Control characters (a newline to forge a line) never get this far: Node's HTTP parser
    // answers 400 itself.
    const insane = ['A'.repeat(129), 'a'.repeat(500), 'two words', '{"requestId":"forged"}', 'id;drop', 'été', ''];
    for (const given of [undefined, ...insane]) {
      const answer = await unsignedWebhook(given === undefined ? {} : { 'x-request-id': given });
      expect(answer.status).toBe(401);
      const generated = answer.headers.get('x-request-id')!;
      expect(generated, JSON.stringify(given)).toMatch(UUID);
      expect(linesOf(generated).map((line) => line.msg)).toEqual(['payment webhook refused', 'request']);
    }
    for (const given of insane.filter(Boolean)) expect(log.text()).not.toContain(JSON.stringify(given).slice(1, -1));
  });
});
