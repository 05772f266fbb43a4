/**
 * The console's sections and the ability each needs (shared/schemas/staff.ts): the navigation
 * shows only those a person's roles open, and the server refuses the rest anyway.
 */
import { type IconType } from 'react-icons';
import { LuArrowDownToLine, LuArrowUpFromLine, LuLayoutDashboard, LuLifeBuoy, LuScrollText, LuStore, LuUsers } from 'react-icons/lu';
import { staffCan, type StaffAbility, type StaffRole } from '../../../shared/schemas/staff';

export interface StaffSection {
  /** Under the console's base path (/staff). */
  path: string;
  label: string;
  ability: StaffAbility;
  icon: IconType;
}

export const STAFF_SECTIONS: readonly StaffSection[] = [
  { path: '/', label: 'Overview', ability: 'overview.read', icon: LuLayoutDashboard },
  { path: '/withdrawals', label: 'Withdrawals', ability: 'withdrawals.read', icon: LuArrowUpFromLine },
  { path: '/deposits', label: 'Deposits', ability: 'deposits.read', icon: LuArrowDownToLine },
  { path: '/users', label: 'Users', ability: 'users.read', icon: LuUsers },
  { path: '/market', label: 'Market', ability: 'market.read', icon: LuStore },
  { path: '/support', label: 'Support', ability: 'support.read', icon: LuLifeBuoy },
  { path: '/audit', label: 'Audit log', ability: 'audit.read', icon: LuScrollText },
];

export function sectionsFor(roles: readonly StaffRole[]): StaffSection[] {
  return STAFF_SECTIONS.filter((section) => staffCan(roles, section.ability));
}

/** The section a path of the console belongs to (/users/42 → Users). */
export function sectionOf(pathname: string): StaffSection | undefined {
  return STAFF_SECTIONS.find((section) => (section.path === '/' ? pathname === '/' : pathname === section.path || pathname.startsWith(`${section.path}/`)));
}
