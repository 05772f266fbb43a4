/**
 * The API's error answers: every failure leaves the server as `{message, code, fields?}` with one of
 * these codes (api/errors.ts types every error it throws against them), and the PWA reads the body
 * through `errorBodyOf` (pwa/src/api/client.ts), so a code either side spells differently is a type
 * error, not a silent mismatch. No library: the client that reads it is on every page's first load.
 */

export const ERROR_CODES = [
  // Requests the server refuses whatever they ask
  'validation_failed',
  'bad_request',
  'malformed_json',
  'payload_too_large',
  'unsupported_media_type',
  'method_not_allowed',
  'cross_site_request',
  'invalid_characters',
  'invalid_cursor',
  'rate_limited',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'precondition_failed',
  'unprocessable',
  'idempotency_key_required',
  'idempotency_key_invalid',
  'idempotency_key_reused',
  'idempotency_key_in_progress',
  // The service, or a party it depends on, cannot answer now
  'internal_error',
  'starting',
  'service_unavailable',
  'database_unavailable',
  'steam_unavailable',
  'payment_provider_unavailable',
  'trade_offer_failed',
  'trade_offer_cancel_failed',
  'invalid_signature',
  // Buying
  'insufficient_balance',
  'listings_unavailable',
  'item_unavailable',
  'listing_sold',
  'own_listing',
  'purchases_restricted',
  'trade_url_required',
  'trade_url_cannot_receive',
  'trade_url_trade_hold',
  'buy_order_closed',
  // Selling
  'listing_not_cancellable',
  'delivery_in_progress',
  // Wallet
  'account_frozen',
  'account_in_debt',
  'amount_mismatch',
  'checkout_mismatch',
  'payment_mismatch',
  'payment_method_exists',
  'deposit_not_cleared',
  'deposit_not_completed',
  'reference_already_credited',
  'push_endpoint_taken',
  // Staff actions
  'staff_console_not_configured',
  'staff_role_required',
  'approvals_missing',
  'already_approved',
  'already_frozen',
  'not_frozen',
  'invalid_transition',
  'delivery_not_failing',
  'dispute_not_applied',
  'not_disputable',
  'not_overdue',
  'not_refundable',
  'not_reversible',
  'not_winnable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** An error answer's body. */
export interface ApiErrorBody {
  message: string;
  code: ErrorCode;
  fields?: Record<string, string>;
}

const KNOWN = new Set<string>(ERROR_CODES);

/**
 * What a parsed error answer says, field by field: the message if it is text, the code if it is one
 * of ours (a newer server's new code is left out, not trusted), the fields if they are all text.
 */
export function errorBodyOf(json: unknown): Partial<ApiErrorBody> {
  if (!json || typeof json !== 'object') return {};
  const { message, code, fields } = json as Record<string, unknown>;
  const textFields =
    fields && typeof fields === 'object' && Object.values(fields).every((value) => typeof value === 'string') ? (fields as Record<string, string>) : undefined;
  return {
    ...(typeof message === 'string' ? { message } : {}),
    ...(typeof code === 'string' && KNOWN.has(code) ? { code: code as ErrorCode } : {}),
    ...(textFields ? { fields: textFields } : {}),
  };
}
