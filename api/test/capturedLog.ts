/** A real logger (api/logger.ts: redaction, serializers, log context) whose lines a test can read. */
import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../logger';

export interface CapturedLog {
  logger: Logger;
  /** Everything written, as written. */
  text(): string;
  /** The lines written so far, parsed. */
  lines(): Array<Record<string, unknown>>;
}

export function capturedLogger(level = 'info'): CapturedLog {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const text = () => chunks.join('');
  return {
    logger: createLogger(level, destination),
    text,
    lines: () =>
      text()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
