/** The staff console's answers, shaped against shared/schemas/staff.ts. */
import { type StaffMe } from '../../shared/schemas/staff';
import { type StaffMember } from '../staff/session';

export function presentStaffMe(member: StaffMember): StaffMe {
  return { email: member.email, name: member.name, roles: member.roles };
}
