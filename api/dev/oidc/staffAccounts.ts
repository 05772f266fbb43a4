/**
 * The demo staff of the embedded OpenID provider (simulated mode): one person per console role and
 * a second finance person, so four-eyes approvals can be shown. The provider's login page lists
 * them; tests sign them in by e-mail.
 */
import { type StaffRole } from '../../../shared/schemas/staff';

export const DEMO_STAFF = {
  support: 'support@demo.skinmarket',
  finance: 'finance@demo.skinmarket',
  finance2: 'finance2@demo.skinmarket',
  admin: 'admin@demo.skinmarket',
} as const;

export interface DemoStaffAccount {
  email: string;
  name: string;
  roles: StaffRole[];
}

export const DEMO_STAFF_ACCOUNTS: readonly DemoStaffAccount[] = [
  { email: DEMO_STAFF.support, name: 'Sam Support', roles: ['support'] },
  { email: DEMO_STAFF.finance, name: 'Fiona Finance', roles: ['finance'] },
  { email: DEMO_STAFF.finance2, name: 'Felix Finance', roles: ['finance'] },
  { email: DEMO_STAFF.admin, name: 'Ada Admin', roles: ['admin'] },
];

export const demoStaffAccount = (email: string) => DEMO_STAFF_ACCOUNTS.find((account) => account.email === email);
