/**
 * Structured logs (pino). Redaction is configured here, once, so no handler can leak a cookie,
 * a token or payout details into the logs by logging a request or an object carelessly. The log
 * context is here too: every line written while a request (or a job) is handled carries its id,
 * whichever logger call deep inside wrote it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type Logger } from 'pino';

export type { Logger };

/** What identifies the work a log line was written for. */
export interface LogContext {
  requestId?: string;
  jobId?: string;
  queue?: string;
}

const logContext = new AsyncLocalStorage<LogContext>();

/** Runs `work` so that every line logged meanwhile, by any logger and at any depth, carries `fields`. */
export function withLogContext<T>(fields: LogContext, work: () => T): T {
  return logContext.run({ ...logContext.getStore(), ...fields }, work);
}

const SECRET_KEYS = [
  'password',
  'token',
  'secret',
  'iban',
  'accountNumber',
  'routingNumber',
  'walletAddress',
  'paypalEmail',
  'swiftCode',
  'sessionKeys',
  'dataEncryptionKey',
];

export const redactPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

const REDACTED = '[redacted]';

/**
 * Database errors carry the data of the statement that failed: TypeORM's QueryFailedError keeps
 * the bound `parameters` (session ids, payout details) and copies the driver error's fields onto
 * itself; PostgreSQL puts row values into `detail` ("Key (x)=(…)", "Failing row contains (…)"),
 * `where` ("JSON data, line 1: …") and the message of input errors ('invalid input syntax for type
 * uuid: "…"', 'value "…" is out of range'); EntityNotFoundError prints its criteria. The SQL state
 * code, constraint, table and the SQL text (always written with placeholders) stay: they are what
 * an operator needs.
 */
export function redactDatabaseText(text: string): string {
  return text
    .replace(/: "(?:[^"\n]|"")*"$/gm, `: "${REDACTED}"`)
    .replace(/\bvalue "(?:[^"\n]|"")*"/g, `value "${REDACTED}"`)
    .replace(/(\bmatching: )[\s\S]*?(?=\n\s+at |$)/g, `$1${REDACTED}`);
}

function redactDetail(detail: string): string {
  const key = /^Key \(([^)]*)\)=/.exec(detail);
  return key ? `Key (${key[1]})=(${REDACTED})` : REDACTED;
}

function redactWhere(where: string): string {
  // Function frames name our own code; anything else may quote the input that failed.
  return where
    .split('\n')
    .map((line) => (/^(PL\/pgSQL function|SQL function|SQL statement) /.test(line) ? line : REDACTED))
    .join('\n');
}

function redactErrorFields(serialized: Record<string, unknown>, depth = 0): Record<string, unknown> {
  for (const [key, value] of Object.entries(serialized)) {
    if (key === 'parameters' || key === 'criteria') serialized[key] = REDACTED;
    else if (typeof value === 'string' && (key === 'message' || key === 'stack')) serialized[key] = redactDatabaseText(value);
    else if (typeof value === 'string' && key === 'detail') serialized[key] = redactDetail(value);
    else if (typeof value === 'string' && key === 'where') serialized[key] = redactWhere(value);
    else if (value && typeof value === 'object' && !Array.isArray(value) && depth < 3) {
      redactErrorFields(value as Record<string, unknown>, depth + 1);
    } else if (Array.isArray(value) && depth < 3) {
      for (const item of value) if (item && typeof item === 'object') redactErrorFields(item as Record<string, unknown>, depth + 1);
    }
  }
  return serialized;
}

/** pino's error serializer (type, message, stack with causes, own fields) without the data a failed statement carries. */
export function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown;
  // Not error-like: pino hands the value back as it is, and it is not ours to change.
  if (serialized === error || !serialized || typeof serialized !== 'object') return serialized;
  return redactErrorFields(serialized as Record<string, unknown>);
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: redactPaths, censor: REDACTED },
      base: { pid: process.pid },
      serializers: { err: serializeError, error: serializeError },
      // A copy: pino merges the line's own fields into the object the mixin returns.
      mixin: () => ({ ...logContext.getStore() }),
      hooks: {
        // `logger.error(err)` without a message makes the error's own message the log line's `msg`.
        logMethod(args, method) {
          const [first, second] = args as unknown[];
          if (first instanceof Error && second === undefined) {
            return method.apply(this, [first, redactDatabaseText(first.message)] as unknown as Parameters<typeof method>);
          }
          return method.apply(this, args);
        },
      },
    },
    destination,
  );
}
