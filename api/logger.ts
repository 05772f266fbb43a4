/**
 * Structured logs (pino). Redaction is configured here, once, so no handler can leak a cookie,
 * a token or payout details into the logs by logging a request or an object carelessly.
 */
import { pino, type Logger } from 'pino';

export type { Logger };

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

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({ level, redact: { paths: redactPaths, censor: '[redacted]' }, base: { pid: process.pid } }, destination);
}
