/**
 * An audit entry's details (api/audit/auditLog.ts: `{reason?, before?, after?, ...}`) in a form a
 * person reads: the reason, each changed field with its value before and after, and anything else
 * the action recorded. Amounts recorded in cents (`amountCents: 150000`) read as dollars, times as
 * dates, lists as lists.
 */
import { formatUsd } from '../../../shared/money';
import { when } from './format';

export interface AuditChange {
  field: string;
  before: string;
  after: string;
}

export interface ReadableDetails {
  reason: string | null;
  changes: AuditChange[];
  other: Array<[string, string]>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const CENTS_FIELD = /^(.+)Cents$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const isScalar = (value: unknown) => ['string', 'number', 'boolean', 'bigint'].includes(typeof value);

/** A recorded value as text: absent as "—", null as "none", times as dates, lists of words joined, objects as JSON. */
export function valueText(value: unknown): string {
  if (value === undefined) return '—';
  if (value === null) return 'none';
  if (typeof value === 'string') return ISO_TIME.test(value) ? when(value) : value;
  if (isScalar(value)) return String(value);
  if (Array.isArray(value) && value.every(isScalar)) return value.join(', ');
  return JSON.stringify(value);
}

/** A field's name as shown: one in cents without "Cents" (its value is shown in dollars). */
const fieldName = (name: string) => CENTS_FIELD.exec(name)?.[1] ?? name;

/** A field's value as shown: an amount in cents in dollars. */
function fieldValue(name: string, value: unknown): string {
  const whole = typeof value === 'number' ? Number.isSafeInteger(value) : typeof value === 'string' && /^-?\d{1,15}$/.test(value);
  if (CENTS_FIELD.test(name) && whole) return formatUsd(BigInt(value as number | string));
  return valueText(value);
}

export function readableDetails(details: Record<string, unknown>): ReadableDetails {
  const { reason, before, after, ...rest } = details;
  const changes: AuditChange[] = [];
  if (isRecord(before) || isRecord(after)) {
    const was = isRecord(before) ? before : {};
    const is = isRecord(after) ? after : {};
    for (const name of new Set([...Object.keys(was), ...Object.keys(is)])) {
      changes.push({ field: fieldName(name), before: fieldValue(name, was[name]), after: fieldValue(name, is[name]) });
    }
  } else if (before !== undefined || after !== undefined) {
    changes.push({ field: 'value', before: valueText(before), after: valueText(after) });
  }
  return {
    reason: typeof reason === 'string' && reason !== '' ? reason : null,
    changes,
    other: Object.entries(rest).map(([name, value]) => [fieldName(name), fieldValue(name, value)]),
  };
}
