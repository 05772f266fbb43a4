import { describe, expect, it } from 'vitest';
import { embeddedStaffClientSecret, staffRolesFrom } from './oidc';

describe('staffRolesFrom', () => {
  it('reads an array or a space-separated string, keeping only console roles', () => {
    expect(staffRolesFrom(['finance', 'admin'])).toEqual(['finance', 'admin']);
    expect(staffRolesFrom(' support  finance ')).toEqual(['support', 'finance']);
    expect(staffRolesFrom(['Finance', 'superuser', 7, null, 'support'])).toEqual(['support']);
  });

  it('finds no role in a missing or odd claim', () => {
    for (const claim of [undefined, null, '', [], 42, { admin: true }]) expect(staffRolesFrom(claim)).toEqual([]);
  });
});

describe('embeddedStaffClientSecret', () => {
  it('is the same for one session key and differs between keys', () => {
    expect(embeddedStaffClientSecret('key-one')).toBe(embeddedStaffClientSecret('key-one'));
    expect(embeddedStaffClientSecret('key-one')).not.toBe(embeddedStaffClientSecret('key-two'));
    expect(embeddedStaffClientSecret('key-one')).toMatch(/^[\w-]{43}$/);
  });
});
