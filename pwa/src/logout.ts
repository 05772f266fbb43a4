/**
 * Logging out, app wiring above the query modules: it reaches the push subscription, the session
 * and the device's offline data, and then starts the app over.
 */
import { noContent } from '../../shared/answers/z';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from './api/client';

/**
 * Logout: this device stops getting the user's push notifications (while the session still allows
 * telling the server), POST /auth/logout, then everything of the user kept on the device for
 * offline use is deleted (offline/db.ts) and the page reloads so every piece of user state starts
 * over. A failure is only logged; the user is not told.
 */
export function useLogoutMutation() {
  return useMutation({
    mutationFn: async () => {
      // The push module loads here, not with the app's start: only a logout needs it on most pages.
      await import('./queries/pushSubscriptions')
        .then(({ unsubscribeDevice }) => unsubscribeDevice())
        .catch((error: unknown) => console.warn('Could not unsubscribe from push', error));
      return apiFetch('/auth/logout', noContent, { method: 'POST' });
    },
    onSuccess: async () => {
      const { clearUserData } = await import('./offline/db');
      await clearUserData();
      window.location.reload();
    },
    onError: (error) => {
      console.error('Logout failed', error);
    },
  });
}
