/**
 * Each integration test file works on a database of its own, cloned from the run's migrated
 * template (api/test/globalSetup.ts). Files run two at a time, and a sweep, a job or a count in
 * one file would otherwise act on the other file's rows.
 */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { copyDatabase, dropDatabaseAt } from '../../ops/testDatabase';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database that every test database is cloned from; nothing connects to it. */
    templateDatabaseUrl: string;
  }
}

/** The prefix of every clone of `template`, so the run's teardown can drop what a killed worker left. */
export function clonePrefix(template: string): string {
  return `${template}_c_`;
}

/** A fresh, migrated database of the caller's own (a copy of the template: no migrations run). */
export async function cloneDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const templateUrl = inject('templateDatabaseUrl');
  const template = new URL(templateUrl).pathname.slice(1);
  const url = await copyDatabase(templateUrl, `${clonePrefix(template)}${randomBytes(4).toString('hex')}`);
  return { url, drop: () => dropDatabaseAt(url) };
}

let fileDatabase: { url: string; drop(): Promise<void> } | undefined;

/** Called once per file by the project's setup file, before the file's own code runs. */
export async function openFileDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  fileDatabase = await cloneDatabase();
  return fileDatabase;
}

/** The URL of this test file's database. */
export function testDatabaseUrl(): string {
  if (!fileDatabase) throw new Error('no test database: api/test/fileSetup.ts must run as a setup file of this project');
  return fileDatabase.url;
}
