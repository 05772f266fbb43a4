/**
 * Watching a dataset's Dexie copy with Dexie's liveQuery (what dexie-react-hooks' useLiveQuery
 * wraps): the callback gets the copy now and again after every change, whoever made it (this tab,
 * another tab, the service worker's push handler). Loaded on demand by useOfflineCopy, so Dexie is
 * not part of the JavaScript every page needs before it can show anything.
 */
import { liveQuery } from 'dexie';
import { loadDataset, type DatasetData } from './cachedData';
import type { Dataset } from './db';

export type DatasetCopy<D extends Dataset> = { data: DatasetData[D]; updatedAt: number } | null;

export function watchDataset<D extends Dataset>(dataset: D, onChange: (copy: DatasetCopy<D>) => void): { unsubscribe(): void } {
  return liveQuery(() => loadDataset(dataset)).subscribe({
    next: onChange,
    error: (error: unknown) => {
      // IndexedDB unavailable (private mode, storage full): the screen behaves as without a copy.
      console.warn('Could not read the offline copy', error);
      onChange(null);
    },
  });
}
