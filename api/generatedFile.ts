/**
 * Files in DATA_DIR that the server generates once and never overwrites (its secrets, its VAPID
 * pair). Processes of one deployment may start at the same moment on a fresh DATA_DIR. The content
 * is written to a temporary file of the writer's own and then hard-linked into place. The link fails
 * if the file exists already, so a reader sees either no file or a whole one, never a half-written
 * one, and every process ends up with the first writer's content.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type z } from 'zod';

export function readOrCreateJson<T>(file: string, schema: z.ZodType<T>, generate: () => T, whatDeletingGives: string): T {
  try {
    return schema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`${file} is unreadable or corrupt (${(error as Error).message}); restore it or delete it to generate ${whatDeletingGives}`);
    }
  }
  const content = generate();
  mkdirSync(path.dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(draft, JSON.stringify(content, null, 2), { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readOrCreateJson(file, schema, generate, whatDeletingGives);
    throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return content;
}
