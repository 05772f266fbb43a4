/**
 * The console's sections and the ability each needs (shared/schemas/staff.ts): the navigation
 * shows only those a person's roles open, and the server refuses the rest anyway.
 */
import {
  ArrowDownToLineIcon,
  ArrowUpFromLineIcon,
  LayoutDashboardIcon,
  LifeBuoyIcon,
  type LucideIcon,
  ScrollTextIcon,
  StoreIcon,
  UsersIcon,
} from 'lucide-react';
import { staffCan, type StaffAbility, type StaffRole } from '../../../shared/schemas/staff';

export interface StaffSection {
  /** Under the console's base path (/staff). */
  path: string;
  label: string;
  ability: StaffAbility;
  icon: LucideIcon;
}

export const STAFF_SECTIONS: readonly StaffSection[] = [
  { path: '/', label: 'Overview', ability: 'overview.read', icon: LayoutDashboardIcon },
  { path: '/withdrawals', label: 'Withdrawals', ability: 'withdrawals.read', icon: ArrowUpFromLineIcon },
  { path: '/deposits', label: 'Deposits', ability: 'deposits.read', icon: ArrowDownToLineIcon },
  { path: '/users', label: 'Users', ability: 'users.read', icon: UsersIcon },
  { path: '/market', label: 'Market', ability: 'market.read', icon: StoreIcon },
  { path: '/support', label: 'Support', ability: 'support.read', icon: LifeBuoyIcon },
  { path: '/audit', label: 'Audit log', ability: 'audit.read', icon: ScrollTextIcon },
];

export function sectionsFor(roles: readonly StaffRole[]): StaffSection[] {
  return STAFF_SECTIONS.filter((section) => staffCan(roles, section.ability));
}

/** The section a path of the console belongs to (/users/42 → Users). */
export function sectionOf(pathname: string): StaffSection | undefined {
  return STAFF_SECTIONS.find((section) => (section.path === '/' ? pathname === '/' : pathname === section.path || pathname.startsWith(`${section.path}/`)));
}
