import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, uniqueSteamId } from '../../test/signIn';
import { startTestApp, type TestApp } from '../../test/testApp';
import { idempotencyKey } from '../../test/wallet';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** The form sends every field, empty for the other types. */
const blank = {
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
const paypal = { ...blank, type: 'paypal', paypalEmail: 'ana.lima@example.com' };
const bitcoin = { ...blank, type: 'crypto', cryptoCurrency: 'bitcoin', walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' };
const bank = { ...blank, type: 'bank_wire_usa', bankName: 'Chase', accountHolderName: 'Ana Lima', routingNumber: '021000021', accountNumber: '000123456789', accountType: 'savings' };
const sepa = { ...blank, type: 'iban_sepa', accountHolderName: 'Ana Lima', iban: 'de89 3704 0044 0532 0130 00', swiftCode: 'cobadeffxxx' };

describe('POST /api/payment-methods', () => {
  it('requires authentication', async () => {
    expect((await app.client().post('/api/payment-methods', paypal, idempotencyKey())).status).toBe(401);
  });

  it('saves each type and answers only masked secrets', async () => {
    const client = await signIn(app, uniqueSteamId());
    const answers = [];
    for (const method of [paypal, bitcoin, bank, sepa]) {
      const response = await client.post('/api/payment-methods', method, idempotencyKey());
      expect(response.status).toBe(201);
      answers.push(response.body);
    }
    expect(answers[0]).toMatchObject({ type: 'paypal', label: 'PayPal', isDefault: true, paypalEmail: 'an***@example.com' });
    expect(answers[1]).toMatchObject({ cryptoCurrency: 'bitcoin', walletAddress: 'bc1qar0srrr7xfkvy5l6…zzwf5mdq', isDefault: false });
    expect(answers[2]).toMatchObject({ bankName: 'Chase', accountHolderName: 'Ana Lima', routingNumber: '***0021', accountNumber: '***6789', accountType: 'savings' });
    expect(answers[3]).toMatchObject({ iban: 'DE****3000', swiftCode: 'COBA*******', accountHolderName: 'Ana Lima' });
    const listed = (await client.get<unknown[]>('/api/payment-methods')).body;
    expect(listed).toEqual(answers);
    expect(JSON.stringify(listed)).not.toMatch(/ana\.lima|0532013000|000123456789|021000021|gtzzwf5mdq.*bc1q/);
  });

  it('keeps secrets encrypted at rest: no plaintext IBAN or account number in the database', async () => {
    const client = await signIn(app, uniqueSteamId());
    await client.post('/api/payment-methods', sepa, idempotencyKey());
    await client.post('/api/payment-methods', bank, idempotencyKey());
    const rows = await app.services.dataSource.query('SELECT * FROM payment_methods');
    const dump = JSON.stringify(rows);
    for (const secret of ['DE89370400440532013000', '370400440532013000', '000123456789', '021000021', 'COBADEFFXXX']) {
      expect(dump).not.toContain(secret);
    }
    expect(rows.every((row: { key_id: string }) => /^[0-9a-f]{12}$/.test(row.key_id))).toBe(true);
  });

  it("refuses a second method of a type with 'You already have a {type} payment method'", async () => {
    const client = await signIn(app, uniqueSteamId());
    await client.post('/api/payment-methods', paypal, idempotencyKey());
    const second = await client.post('/api/payment-methods', { ...paypal, paypalEmail: 'other@example.com' }, idempotencyKey());
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ message: 'You already have a PayPal payment method' });
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['a bad PayPal e-mail', { ...paypal, paypalEmail: 'nope' }, 'paypalEmail', 'Please enter a valid PayPal email address'],
    ['no cryptocurrency', { ...bitcoin, cryptoCurrency: '' }, 'cryptoCurrency', 'Please select a cryptocurrency'],
    ['no wallet address', { ...bitcoin, walletAddress: '' }, 'walletAddress', 'Please enter a wallet address'],
    ['a bad Bitcoin address', { ...bitcoin, walletAddress: '0xabc' }, 'walletAddress', 'Invalid Bitcoin address format'],
    ['a bad Ethereum address', { ...bitcoin, cryptoCurrency: 'ethereum', walletAddress: '0x123' }, 'walletAddress', 'Invalid Ethereum address format'],
    ['a bad Litecoin address', { ...bitcoin, cryptoCurrency: 'litecoin', walletAddress: 'X'.repeat(30) }, 'walletAddress', 'Invalid Litecoin address format'],
    ['missing bank details', { ...bank, bankName: '' }, 'bankName', 'Please fill in all required bank details'],
    ['an 8-digit routing number', { ...bank, routingNumber: '02100002' }, 'routingNumber', 'Invalid routing number format (must be 9 digits)'],
    ['a short account number', { ...bank, accountNumber: '123' }, 'accountNumber', 'Account number must be at least 4 digits'],
    ['missing IBAN details', { ...sepa, swiftCode: '' }, 'swiftCode', 'Please fill in all required IBAN details'],
    ['a bad IBAN', { ...sepa, iban: 'DE89' }, 'iban', 'Invalid IBAN format'],
    ['a bad SWIFT code', { ...sepa, swiftCode: 'COBA' }, 'swiftCode', 'Invalid SWIFT/BIC code format (8 or 11 characters)'],
    ['an unknown type', { ...paypal, type: 'cheque' }, 'type', 'Please select a payment method type'],
    ['an unknown field', { ...paypal, owner: 'someone' }, 'owner', 'Unknown field'],
  ];
  for (const [what, body, field, message] of invalid) {
    it(`refuses ${what} with 400 and saves nothing`, async () => {
      const client = await signIn(app, uniqueSteamId());
      const response = await client.post('/api/payment-methods', body, idempotencyKey());
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ fields: { [field]: message } });
      expect((await client.get<unknown[]>('/api/payment-methods')).body).toEqual([]);
    });
  }
});

describe('DELETE /api/payment-methods/{id}', () => {
  it('deletes the caller’s method', async () => {
    const client = await signIn(app, uniqueSteamId());
    const { id } = (await client.post<{ id: string }>('/api/payment-methods', paypal, idempotencyKey())).body;
    const response = await client.request('DELETE', `/api/payment-methods/${id}`, { headers: idempotencyKey() });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id, deleted: true });
    expect((await client.get<unknown[]>('/api/payment-methods')).body).toEqual([]);
  });

  it("refuses another user's method with 404 and keeps it", async () => {
    const owner = await signIn(app, uniqueSteamId());
    const { id } = (await owner.post<{ id: string }>('/api/payment-methods', paypal, idempotencyKey())).body;
    const intruder = await signIn(app, uniqueSteamId());
    expect((await intruder.request('DELETE', `/api/payment-methods/${id}`, { headers: idempotencyKey() })).status).toBe(404);
    expect((await intruder.get<unknown[]>('/api/payment-methods')).body).toEqual([]);
    expect((await owner.get<unknown[]>('/api/payment-methods')).body).toHaveLength(1);
    expect((await intruder.request('DELETE', '/api/payment-methods/not-a-uuid', { headers: idempotencyKey() })).status).toBe(404);
  });
});
