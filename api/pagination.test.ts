import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cursorBigintId, cursorTimestamp, decodeCursor, encodeCursor, pageOf } from './pagination';

const schema = z.strictObject({ at: cursorTimestamp, id: z.uuid() });
const b64 = (text: string) => Buffer.from(text).toString('base64url');
const id = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';

describe('typed cursors', () => {
  it('round-trips what an endpoint handed out, microseconds included', () => {
    const fields = { at: '2026-03-01T10:20:30.123456Z', id };
    expect(decodeCursor(encodeCursor(fields), schema)).toEqual(fields);
    expect(decodeCursor(undefined, schema)).toBeNull();
    expect(decodeCursor('', schema)).toBeNull();
  });

  const forged: Array<[string, string]> = [
    ['not base64url', 'not a cursor!'],
    ['base64url of something that is not JSON', b64('2026-03-01T10:20:30Z|abc')],
    ['a JSON array', b64(JSON.stringify(['2026-03-01T10:20:30Z', id]))],
    ['a non-uuid id', encodeCursor({ at: '2026-03-01T10:20:30Z', id: '1 OR 1=1' })],
    ['a numeric id where a uuid belongs', encodeCursor({ at: '2026-03-01T10:20:30Z', id: 42 })],
    ['a timestamp that is no date', encodeCursor({ at: '2026-13-45T99:99:99Z', id })],
    ['a missing field', encodeCursor({ id })],
    ['an extra field', encodeCursor({ at: '2026-03-01T10:20:30Z', id, admin: true })],
    ['padding a canonical cursor does not have', `${encodeCursor({ at: '2026-03-01T10:20:30Z', id })}==`],
  ];
  for (const [what, cursor] of forged) {
    it(`refuses ${what} with 400 {cursor: 'Invalid cursor'}`, () => {
      expect(() => decodeCursor(cursor, schema)).toThrow(expect.objectContaining({ status: 400, fields: { cursor: 'Invalid cursor' } }));
    });
  }

  it('refuses text fields with control characters, and bytes that are not UTF-8', () => {
    const named = z.strictObject({ name: z.string(), id: z.uuid() });
    expect(decodeCursor(encodeCursor({ name: 'AK-47 | Redline 😀', id }), named)).toEqual({ name: 'AK-47 | Redline 😀', id });
    const refused = [
      ...['\u0000', '\u001b[2J', '\u007f', '\u009b', '\n', '\u202e', '\ud800'].map((c) => encodeCursor({ name: `AK${c}`, id })),
      Buffer.concat([Buffer.from('{"name":"AK'), Buffer.from([0xff, 0xfe]), Buffer.from(`","id":"${id}"}`)]).toString('base64url'),
    ];
    for (const cursor of refused) {
      expect(() => decodeCursor(cursor, named)).toThrow(expect.objectContaining({ status: 400, fields: { cursor: 'Invalid cursor' } }));
    }
  });

  it('accepts only decimal bigint ids in a bigint cursor', () => {
    const entry = z.strictObject({ id: cursorBigintId });
    expect(decodeCursor(encodeCursor({ id: '12345' }), entry)).toEqual({ id: '12345' });
    for (const bad of ['abc', '-1', '0', '1.5', '99999999999999999999', '']) {
      expect(() => decodeCursor(encodeCursor({ id: bad }), entry)).toThrow(expect.objectContaining({ status: 400 }));
    }
  });

  it('pages a limit + 1 result and names the next page by its last row', () => {
    const rows = [{ n: '3' }, { n: '2' }, { n: '1' }];
    const page = pageOf(rows, 2, (row) => ({ id: row.n }));
    expect(page.items).toEqual([{ n: '3' }, { n: '2' }]);
    expect(decodeCursor(page.nextCursor!, z.strictObject({ id: cursorBigintId }))).toEqual({ id: '2' });
    expect(pageOf(rows, 3, (row) => ({ id: row.n })).nextCursor).toBeNull();
  });
});
