/**
 * The logger never writes the data of a failed statement: TypeORM's QueryFailedError and the
 * PostgreSQL error inside it are logged with a real database, and the captured lines searched.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { EntityNotFoundError, type DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDataSource } from './db/dataSource';
import { User } from './entities';
import { createLogger } from './logger';

function capturedLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger('info', destination), text: () => lines.join('') };
}

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
  dataSource = createDataSource(inject('databaseUrl'), { poolSize: 1 });
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
