import { describe, expect, it } from 'vitest';
import { paymentMethodInputSchema } from '../../../../shared/schemas/wallet';
import { EMPTY_PAYMENT_METHOD_FORM, toRequestBody } from './paymentMethodForm';

describe('the Add Payment Method form', () => {
  it('starts with no type and a checking account', () => {
    expect(EMPTY_PAYMENT_METHOD_FORM.type).toBe('');
    expect(EMPTY_PAYMENT_METHOD_FORM.accountType).toBe('checking');
  });

  it("sends the chosen type's normalised fields and empty strings for every other field", () => {
    const input = paymentMethodInputSchema.parse({
      ...EMPTY_PAYMENT_METHOD_FORM,
      type: 'iban_sepa',
      accountHolderName: 'Jo Doe',
      iban: 'de89 3704 0044 0532 0130 00',
      swiftCode: 'cobadeff',
      // Typed before switching type: not part of an IBAN method.
      paypalEmail: 'jo@example.com',
    });
    expect(toRequestBody(input)).toEqual({
      type: 'iban_sepa',
      paypalEmail: '',
      cryptoCurrency: '',
      walletAddress: '',
      bankName: '',
      accountHolderName: 'Jo Doe',
      iban: 'DE89370400440532013000',
      routingNumber: '',
      accountNumber: '',
      accountType: '',
      swiftCode: 'COBADEFF',
    });
  });

  it('never sends isDefault (the form has no such field)', () => {
    const input = paymentMethodInputSchema.parse({ ...EMPTY_PAYMENT_METHOD_FORM, type: 'paypal', paypalEmail: 'jo@example.com' });
    expect(toRequestBody(input)).not.toHaveProperty('isDefault');
  });
});
