/**
 * One EventSource on GET /api/events per tab while someone is signed in and the browser is online.
 * The browser reconnects by itself after a drop (after the `retry:` the server sets) and sends
 * `Last-Event-ID`, so the server replays what was missed from its durable log; the screens' polling
 * stays as the fallback for when the stream is down.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { userKeys } from '../queries/keys';
import { useCurrentUser, type User } from '../queries/user';
import { useOnline } from '../offline/network';
import { LIVE_EVENT_TYPES, liveEventSchema } from '../../../shared/answers/events';
import { applyLiveEvent } from './liveEvents';

/** The event's data, or undefined when it is not JSON (which the schema then refuses). */
function parseJson(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

export function useLiveEvents(): void {
  const queryClient = useQueryClient();
  // Re-renders when the user changes; the cache itself (not the offline copy useCurrentUser may
  // show) says whether the server confirmed a signed-in user.
  useCurrentUser();
  const online = useOnline();
  const userId = queryClient.getQueryData<User | null>(userKeys.current())?.steamId ?? null;

  useEffect(() => {
    if (!userId || !online || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    for (const type of LIVE_EVENT_TYPES) {
      source.addEventListener(type, (event: MessageEvent<string>) => {
        // A malformed event is skipped; the next poll catches up.
        const parsed = liveEventSchema.safeParse({ type, payload: parseJson(event.data) });
        if (parsed.success) applyLiveEvent(queryClient, parsed.data);
      });
    }
    source.addEventListener('error', () => {
      // CLOSED means the server refused the stream (signed out: 401): do not retry in a loop.
      if (source.readyState === EventSource.CLOSED) void queryClient.invalidateQueries({ queryKey: userKeys.current() });
    });
    return () => source.close();
  }, [userId, online, queryClient]);
}
