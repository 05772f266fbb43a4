/**
 * Mounted once by App (loaded lazily: it brings Dexie): runs the outbox for the signed-in user
 * (startOutboxSync), shows the outbox's notices (why a queued edit was refused) as toasts, and its
 * conflict dialog. The offline copies are kept by keepOfflineCopies, started in start.tsx.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { toaster } from '../toaster';
import { useCurrentUser } from '../../queries/user';
import { db } from '../../offline/db';
import { usePendingEdits } from '../../offline/pendingEdits';
import { SyncConflictDialog } from './SyncConflictDialog';
import { refreshAfterReplay, replayNow, startOutboxSync } from '../../offline/sync';

/** Notices already toasted (their deletion is asynchronous; a re-render must not toast them twice). */
const shownNotices = new Set<number>();

export default function OfflineSync() {
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const userId = user?.steamId;

  useEffect(() => startOutboxSync(queryClient), [queryClient]);

  const notices = useLiveQuery(() => (userId ? db.notices.where('userId').equals(userId).sortBy('id') : []), [userId]);
  useEffect(() => {
    for (const notice of notices ?? []) {
      if (shownNotices.has(notice.id!)) continue;
      shownNotices.add(notice.id!);
      toaster.create({ title: notice.title, description: notice.description, type: 'error', duration: 10_000 });
      void db.notices.delete(notice.id!);
    }
  }, [notices]);

  const pending = usePendingEdits(userId);
  // Once none of the user's edits waits any more, whoever sent them (this page, another tab, the
  // worker's Background Sync), the screens show the server's state: the user asked for as the
  // network came back, before the edit was sent, must not stay on screen, the edit looking lost.
  const hadPending = useRef(false);
  useEffect(() => {
    // No user for a moment as the network comes back: nothing to compare.
    if (pending === undefined || !userId) return;
    if (hadPending.current && pending.length === 0) refreshAfterReplay(queryClient);
    hadPending.current = pending.length > 0;
  }, [pending, userId, queryClient]);

  const conflict = pending?.find((entry) => entry.status === 'conflict') ?? null;

  return (
    <SyncConflictDialog
      entry={conflict}
      onResolved={() => {
        refreshAfterReplay(queryClient);
        void replayNow({ ignoreBackoff: true });
      }}
    />
  );
}
