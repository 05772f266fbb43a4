/**
 * The server as a real process (`node --import tsx api/main.ts`), for tests of start-up, shutdown
 * and crashes: its output is collected, and `exited` settles with its exit code.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, stderr: () => err, exited };
}

/** Waits up to a minute: a first start initialises, migrates and seeds a cluster, slowly on a busy machine. */
export async function waitForReady(server: ServerProcess): Promise<void> {
  for (let i = 0; i < 600 && !server.output().includes('ready on'); i++) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(server.output()).toContain('ready on');
}
