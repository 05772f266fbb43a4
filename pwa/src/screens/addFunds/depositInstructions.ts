/**
 * Where bank wire, SEPA and crypto deposits are sent (the instructions are
 * fixed on the page, not fetched). These are the company's own receiving details, the same for
 * every user: what ties a payment to an account is the user's personal reference code
 * (`depositReference` on GET /api/user), which operators match when they credit the deposit.
 *
 * Keep this file the one place these details live, so a change of bank or wallet is one edit.
 */

export const DEPOSIT_INSTRUCTIONS = {
  bankWireUsa: {
    bankName: 'Meridian Commerce Bank, N.A.',
    bankAddress: '350 Fifth Avenue, New York, NY 10118',
    accountName: 'SkinMarket Payments LLC',
    accountNumber: '4718203359',
    routingNumber: '026401832',
    swiftCode: 'MCBKUS33',
  },
  ibanSepa: {
    beneficiary: 'SkinMarket Payments Europe B.V.',
    iban: 'NL38SKMA0417164293',
    bic: 'SKMANL2A',
    bankName: 'SkinMarket Europe Bank',
  },
  crypto: {
    bitcoin: { name: 'Bitcoin', symbol: 'BTC', network: 'Bitcoin (native SegWit)', address: 'bc1qu8rzqejn7svjwtn6zc0yh2mqycjw8h43qraaad' },
    ethereum: { name: 'Ethereum', symbol: 'ETH', network: 'Ethereum mainnet (ERC-20)', address: '0x9da1b3e202ca0b4909084ad373dfd307552e6925' },
    litecoin: { name: 'Litecoin', symbol: 'LTC', network: 'Litecoin (native SegWit)', address: 'ltc1q7qh7td0f52qkpuuk7pvfhfds4trje6y40fffqs' },
  },
} as const;

/** An IBAN in groups of four, as printed on bank statements ('NL38 SKMA 0417 1642 93'). */
export function formatIbanGroups(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}
