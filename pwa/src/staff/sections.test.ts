import { describe, expect, it } from 'vitest';
import { sectionOf, sectionsFor } from './sections';

const labels = (roles: Parameters<typeof sectionsFor>[0]) => sectionsFor(roles).map((section) => section.label);

describe('sectionsFor', () => {
  it('opens to each role the sections its abilities allow', () => {
    expect(labels(['support'])).toEqual(['Overview', 'Users', 'Market', 'Support']);
    expect(labels(['finance'])).toEqual(['Overview', 'Withdrawals', 'Deposits', 'Users']);
    expect(labels(['admin'])).toEqual(['Overview', 'Users', 'Market', 'Support', 'Audit log']);
    expect(labels(['support', 'finance'])).toEqual(['Overview', 'Withdrawals', 'Deposits', 'Users', 'Market', 'Support']);
    expect(labels([])).toEqual([]);
  });
});

describe('sectionOf', () => {
  it("finds a path's section, the overview only for the console's front page", () => {
    expect(sectionOf('/')?.label).toBe('Overview');
    expect(sectionOf('/users/42')?.label).toBe('Users');
    expect(sectionOf('/withdrawals')?.label).toBe('Withdrawals');
    expect(sectionOf('/nowhere')).toBeUndefined();
  });
});
