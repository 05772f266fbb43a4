/** The signed-in staff member (GET /api/staff/me: null when signed out) and signing out. */
import { staffLogoutSchema, staffMeSchema } from '../../../../shared/schemas/staff';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch, apiFetchOrNull } from '../../api/client';

export const staffMeKey = ['staff', 'me'] as const;

export function useStaffMe() {
  return useQuery({
    queryKey: staffMeKey,
    queryFn: ({ signal }) => apiFetchOrNull('/api/staff/me', staffMeSchema, { signal }),
  });
}

/**
 * Ends the staff session, then follows the server's answer: the provider's end-session page when
 * it offers one, else the console (which shows the sign-in screen).
 */
export function useSignOutMutation() {
  return useMutation({
    mutationFn: () => apiFetch('/staff/auth/logout', staffLogoutSchema, { method: 'POST' }),
    onSuccess: ({ redirect }) => window.location.assign(redirect),
  });
}
