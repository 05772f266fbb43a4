import { describe, expect, it } from 'vitest';
import { IBAN } from '../../../../shared/schemas/wallet';
import { DEPOSIT_INSTRUCTIONS, formatIbanGroups } from './depositInstructions';

describe('deposit instructions', () => {
  it('groups an IBAN in fours for reading', () => {
    expect(formatIbanGroups('NL38SKMA0417164293')).toBe('NL38 SKMA 0417 1642 93');
    expect(formatIbanGroups('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(formatIbanGroups('NL38')).toBe('NL38');
  });

  it('holds a well-formed IBAN', () => {
    expect(DEPOSIT_INSTRUCTIONS.ibanSepa.iban).toMatch(IBAN);
  });
});
