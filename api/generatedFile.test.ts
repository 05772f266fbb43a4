import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readOrCreateJson } from './generatedFile';

const schema = z.object({ token: z.string().length(16) });
const freshFile = () => path.join(mkdtempSync(path.join(tmpdir(), 'sm-generated-')), 'nested', 'token.json');
const token = () => ({ token: Math.random().toString(16).slice(2, 10).padEnd(16, '0') });

describe('readOrCreateJson', () => {
  it('generates the file once, private to its owner, and reads it back afterwards', () => {
    const file = freshFile();
    const first = readOrCreateJson(file, schema, token, 'a new token');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = readOrCreateJson(file, schema, () => {
      throw new Error('generated twice');
    }, 'a new token');
    expect(again).toEqual(first);
    expect(readdirSync(path.dirname(file))).toEqual(['token.json']);
  });

  it('refuses a corrupt file and leaves it for the operator', () => {
    const file = freshFile();
    readOrCreateJson(file, schema, token, 'a new token');
    writeFileSync(file, '{"tok');
    expect(() => readOrCreateJson(file, schema, token, 'a new token')).toThrow(`${file} is unreadable or corrupt`);
    expect(() => readOrCreateJson(file, schema, token, 'a new token')).toThrow('delete it to generate a new token');
    expect(readFileSync(file, 'utf8')).toBe('{"tok');
  });

  it('gives processes starting together on a fresh directory the same content, none of them a half-written file', async () => {
    const file = freshFile();
    const module = path.resolve(import.meta.dirname, 'generatedFile.ts');
    const script = `
      const { readOrCreateJson } = await import(${JSON.stringify(module)});
      const { z } = await import('zod');
      const schema = z.object({ token: z.string().length(16) });
      const made = readOrCreateJson(${JSON.stringify(file)}, schema, () => ({ token: String(process.pid).padStart(16, '0') }), 'a new token');
      process.stdout.write(JSON.stringify(made));`;
    const run = () => promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: path.resolve(import.meta.dirname, '..') });
    const answers = await Promise.all(Array.from({ length: 6 }, run));
    const seen = new Set(answers.map(({ stdout }) => stdout));
    expect(seen.size).toBe(1);
    expect(JSON.parse([...seen][0]!)).toEqual(JSON.parse(readFileSync(file, 'utf8')));
    expect(readdirSync(path.dirname(file))).toEqual(['token.json']);
  }, 30_000);
});
