/**
 * The Add Payment Method form's values and request body. The form sends every field of
 * every type, so the body carries the chosen type's validated (normalised) fields and empty
 * strings for the rest.
 */
import type { NewPaymentMethod, PaymentMethodBody } from '../../../../shared/schemas/wallet';

/** Every toast of the Payment Methods tab uses one slot, so a new outcome replaces the last instead of queueing. */
export const PAYMENT_METHODS_TOAST_SLOT = 'payment-methods';

/** The form's values: one text per field of every type (the POST body sends them all). */
export type PaymentMethodFormValues = Record<'type' | keyof Omit<PaymentMethodBody, 'type'>, string>;

const EMPTY_BODY: Omit<PaymentMethodBody, 'type'> = {
  paypalEmail: '',
  cryptoCurrency: '',
  walletAddress: '',
  bankName: '',
  accountHolderName: '',
  iban: '',
  routingNumber: '',
  accountNumber: '',
  accountType: '',
  swiftCode: '',
};

export const EMPTY_PAYMENT_METHOD_FORM: PaymentMethodFormValues = { type: '', ...EMPTY_BODY, accountType: 'checking' };

/** The validated method as the API's body: its own fields (normalised), empty strings elsewhere. */
export function toRequestBody(input: NewPaymentMethod): PaymentMethodBody {
  const { isDefault: _isDefault, type, ...fields } = input;
  return { type, ...EMPTY_BODY, ...fields };
}

