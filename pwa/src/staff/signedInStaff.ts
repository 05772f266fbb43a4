/** The signed-in staff member, for any part of the console (StaffApp provides it once signed in). */
import { createContext, useContext } from 'react';
import { staffCan, type StaffAbility, type StaffMe } from '../../../shared/schemas/staff';

export const SignedInStaffContext = createContext<StaffMe | null>(null);

export function useSignedInStaff(): StaffMe {
  const me = useContext(SignedInStaffContext);
  if (!me) throw new Error('useSignedInStaff is used outside the signed-in console');
  return me;
}

/** Whether the signed-in person's roles allow `ability` (the console hides what they do not). */
export function useStaffCan(ability: StaffAbility): boolean {
  return staffCan(useSignedInStaff().roles, ability);
}
