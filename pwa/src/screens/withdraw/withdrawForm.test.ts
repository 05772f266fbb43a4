import { describe, expect, it } from 'vitest';
import type { PaymentMethod } from '../../../../shared/schemas/wallet';
import { ApiError } from '../../api/client';
import {
  BALANCE_NOT_ENOUGH,
  EMPTY_FORM,
  MIN_WITHDRAWAL,
  savedDestination,
  savedMethodFor,
  savedMethodValues,
  withFlatFieldNames,
  withdrawFormSchema,
  type WithdrawFormValues,
} from './withdrawForm';

const SAVED_ID = '3f0c6a4e-8d7b-4a59-9a43-2c1f5b7e9d10';

const savedBank: PaymentMethod = {
  id: SAVED_ID,
  type: 'bank_wire_usa',
  label: 'Bank Wire (USA)',
  isDefault: true,
  paypalEmail: null,
  cryptoCurrency: null,
  walletAddress: null,
  bankName: 'Chase',
  accountHolderName: 'Jo Doe',
  iban: null,
  swiftCode: null,
  routingNumber: '***1832',
  accountNumber: '***6789',
  accountType: 'savings',
  createdAt: '2025-01-29T10:00:00.000Z',
};

/** Parses the form with $50.00 available and the one saved method; field → first message on failure. */
function submit(values: Partial<WithdrawFormValues>) {
  const result = withdrawFormSchema(5000n, new Set([SAVED_ID])).safeParse({ ...EMPTY_FORM, ...values });
  if (result.success) return { body: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { errors };
}

describe('withdrawFormSchema', () => {
  it('sends a saved method by id with a two-decimal amount', () => {
    expect(submit({ destination: savedDestination(SAVED_ID), amount: ' 12.5 ' })).toEqual({
      body: { amount: '12.50', paymentMethodId: SAVED_ID },
    });
  });

  it('sends a new method with its own fields only, normalised by the shared schema', () => {
    const { body } = submit({
      destination: 'iban_sepa',
      amount: '50',
      accountHolderName: 'Jo Doe',
      iban: 'de89 3704 0044 0532 0130 00',
      swiftCode: 'cobadeffxxx',
      paypalEmail: 'ignored@example.com',
    });
    expect(body).toEqual({
      amount: '50.00',
      method: {
        type: 'iban_sepa',
        isDefault: false,
        accountHolderName: 'Jo Doe',
        iban: 'DE89370400440532013000',
        swiftCode: 'COBADEFFXXX',
        bankName: '',
      },
    });
  });

  it('gives the amount messages, the balance check against the real balance', () => {
    const destination = savedDestination(SAVED_ID);
    expect(submit({ destination, amount: 'abc' }).errors).toEqual({ amount: 'Please enter a valid withdrawal amount' });
    expect(submit({ destination, amount: '9.99' }).errors).toEqual({ amount: `Minimum withdrawal amount is ${MIN_WITHDRAWAL}` });
    expect(submit({ destination, amount: '50.01' }).errors).toEqual({ amount: BALANCE_NOT_ENOUGH });
    expect(submit({ destination, amount: '50.00' }).body).toEqual({ amount: '50.00', paymentMethodId: SAVED_ID });
  });

  it('checks the amount against what can be withdrawn now: checkout deposits still clearing stay', () => {
    const destination = savedDestination(SAVED_ID);
    const schema = withdrawFormSchema(5000n, new Set([SAVED_ID]), { cents: 2000n, clearingDays: 7 });
    const issues = (amount: string) => schema.safeParse({ ...EMPTY_FORM, destination, amount }).error?.issues.map((issue) => issue.message);
    expect(issues('20.01')).toEqual(['You can withdraw up to $20.00 now: card and PayPal deposits can be withdrawn 7 days after payment']);
    // Above the balance itself, 'Balance not enough - Top up balance'.
    expect(issues('50.01')).toEqual([BALANCE_NOT_ENOUGH]);
    expect(schema.parse({ ...EMPTY_FORM, destination, amount: '20' })).toEqual({ amount: '20.00', paymentMethodId: SAVED_ID });
  });

  it('shows every failing field at once: the amount and the new method', () => {
    expect(submit({ destination: 'paypal', amount: '', paypalEmail: 'not-an-email' }).errors).toEqual({
      amount: 'Please enter a valid withdrawal amount',
      paypalEmail: 'Please enter a valid PayPal email address',
    });
  });

  it('refuses a saved method that is not (or no longer) the user\'s, and an unknown destination', () => {
    expect(submit({ destination: savedDestination('someone-else'), amount: '20' }).errors).toEqual({
      destination: 'Please select a payment method',
    });
    expect(submit({ destination: '', amount: '20' }).errors).toEqual({ destination: 'Please select a payment method' });
  });
});

describe('savedMethodFor and savedMethodValues', () => {
  it('finds the saved method a destination names', () => {
    expect(savedMethodFor(savedDestination(SAVED_ID), [savedBank])).toBe(savedBank);
    expect(savedMethodFor('bank_wire_usa', [savedBank])).toBeUndefined();
    expect(savedMethodFor(savedDestination('other'), [savedBank])).toBeUndefined();
  });

  it('fills the read-only fields with masked details and readable labels', () => {
    expect(savedMethodValues(savedBank)).toMatchObject({
      bankName: 'Chase',
      accountHolderName: 'Jo Doe',
      routingNumber: '***1832',
      accountNumber: '***6789',
      accountType: 'Savings',
      paypalEmail: '',
      iban: '',
    });
  });
});

describe('withFlatFieldNames', () => {
  it("maps the server's method.<field> errors to the form's fields, and paymentMethodId to the destination", () => {
    const error = new ApiError(400, 'Invalid request', {
      code: 'validation_failed',
      fields: { 'method.iban': 'Invalid IBAN format', paymentMethodId: 'Please select a payment method' },
    });
    const flat = withFlatFieldNames(error) as ApiError;
    expect(flat).toBeInstanceOf(ApiError);
    expect(flat.status).toBe(400);
    expect(flat.message).toBe('400: Invalid request');
    expect(flat.body.fields).toEqual({
      iban: 'Invalid IBAN format',
      paymentMethodId: 'Please select a payment method',
      destination: 'Please select a payment method',
    });
  });

  it('leaves other errors alone', () => {
    const network = new TypeError('Failed to fetch');
    expect(withFlatFieldNames(network)).toBe(network);
    const refused = new ApiError(402, 'Balance not enough - Top up balance', { code: 'insufficient_balance' });
    expect(withFlatFieldNames(refused)).toBe(refused);
  });
});
