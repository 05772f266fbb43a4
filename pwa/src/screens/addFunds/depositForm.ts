/**
 * The PayPal deposit form's pure parts: the amount schema (the shared depositAmountSchema, so the
 * page and POST /api/deposits speak the same messages), the quick amounts and the request body.
 */
import { z } from '../../../../shared/schemas/zod';
import { MAX_DEPOSIT_CENTS, MIN_DEPOSIT_CENTS } from '../../../../shared/constants';
import { formatMoney, formatUsd } from '../../../../shared/money';
import { depositAmountSchema } from '../../../../shared/schemas/money';
import type { CreateDepositInput } from '../../queries/wallet';

/** The PayPal deposit range: '$10.00 - $1,000.00'. */
export const DEPOSIT_RANGE = `${formatUsd(BigInt(MIN_DEPOSIT_CENTS))} - ${formatUsd(BigInt(MAX_DEPOSIT_CENTS))}`;

/** One-click amounts under the input, as the input would hold them. */
export const QUICK_AMOUNTS = ['25.00', '50.00', '100.00', '250.00'] as const;

export const depositFormSchema = z.object({ amount: depositAmountSchema });
export type DepositFormInput = z.output<typeof depositFormSchema>;

/** A quick amount's button text: '$25'. */
export function quickAmountLabel(amount: string): string {
  return `$${amount.replace(/\.00$/, '')}`;
}

/** POST /api/deposits's body for the validated form: the amount as a two-decimal string. */
export function depositRequest(input: DepositFormInput): CreateDepositInput {
  return { method: 'paypal', amount: formatMoney(input.amount) };
}
