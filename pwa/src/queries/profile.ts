/**
 * Saving the signed-in user's profile (PATCH /api/user/profile). The request names the version of
 * the profile it was based on (If-Match), so an edit made from a stale copy (another tab, another
 * device) is refused with 412 instead of silently overwriting the newer values. It carries an
 * Idempotency-Key (useIdempotentMutation); with `queueOffline`, an edit that cannot be sent now goes
 * into the outbox with that key and the mutation fails with QueuedForSync (offline/queueing.ts).
 */
import { useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdate } from '../../../shared/schemas/user';
import { ApiError, apiCall } from '../api/client';
import { updateProfileCall } from '../api/requests';
import { sendOrQueue } from '../offline/queueing';
import { useIdempotentMutation } from './useIdempotentMutation';
import { userKeys } from './keys';

export interface UpdateProfileVariables {
  /** The fields to change; the profile page sends all three, the sell flow only tradeUrl. */
  update: ProfileUpdate;
  /** `version` of the user the form was filled from. */
  version: number;
  /** Queue the edit in the outbox when it cannot be sent now (the profile page); default false. */
  queueOffline?: boolean;
}

export const profileMutationKeys = {
  update: () => [...userKeys.all, 'update-profile'] as const,
};

/** True when the save failed because the profile changed since the form loaded it. */
export function isStaleProfileError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 412;
}

/**
 * Saves profile fields. On success the answer (the updated user, with its new version) replaces
 * the cached user, so the nav and every form see it at once; on a 412 the cached user is refetched
 * so the screen can show the newer values. (A 401 is the query client's rule: signed out.)
 */
export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationKey: profileMutationKeys.update(),
    mutationFn: ({ update, version, queueOffline = false }: UpdateProfileVariables, idempotencyKey) => {
      const send = () => apiCall(updateProfileCall(update, version, idempotencyKey));
      return queueOffline ? sendOrQueue({ kind: 'profile', update, baseVersion: version }, idempotencyKey, send) : send();
    },
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.current(), user);
    },
    onError: async (error) => {
      if (isStaleProfileError(error)) await queryClient.invalidateQueries({ queryKey: userKeys.current() });
    },
  });
}
