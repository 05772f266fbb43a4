import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../components/toaster';
import { watchlistKeys } from '../queries/keys';
import { applyLiveEvent } from './liveEvents';

afterEach(() => vi.restoreAllMocks());

describe('applyLiveEvent: watch', () => {
  it("tells the watcher 'Price Alert: <name> is on sale for $X' and reads the watchlist again", () => {
    const queryClient = new QueryClient();
    const toast = vi.spyOn(toaster, 'create').mockReturnValue('toast');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();

    applyLiveEvent(queryClient, {
      type: 'watch',
      payload: { watchId: 'w1', listingId: 'l1', marketHashName: 'AK-47 | Redline (Field-Tested)', name: 'AK-47 | Redline', price: '1234.50' },
    });

    expect(toast).toHaveBeenCalledWith({ title: 'Price Alert', description: 'AK-47 | Redline is on sale for $1,234.50', type: 'info' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: watchlistKeys.all });
  });
});
