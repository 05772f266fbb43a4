/** The signed-in staff member (GET /api/staff/me: null when signed out) and signing out. */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { StaffMe } from '../../../../shared/schemas/staff';
import { apiFetch, apiFetchOrNull } from '../../api/client';

export const staffMeKey = ['staff', 'me'] as const;

export function useStaffMe() {
  return useQuery({
    queryKey: staffMeKey,
    queryFn: ({ signal }) => apiFetchOrNull<StaffMe>('/api/staff/me', { signal }),
  });
}

/**
 * Ends the staff session, then follows the server's answer: the provider's end-session page when
 * it offers one, else the console (which shows the sign-in screen).
 */
export function useSignOutMutation() {
  return useMutation({
    mutationFn: () => apiFetch<{ redirect: string }>('/staff/auth/logout', { method: 'POST' }),
    onSuccess: ({ redirect }) => window.location.assign(redirect),
  });
}
