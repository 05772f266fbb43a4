/**
 * The end of a paged list (My Listings, the orders, the balance history): a sentinel that loads the
 * next page as the user scrolls near it (useInfiniteScroll), and a 'Load more' button for keyboard
 * and assistive-technology users, who may not scroll at all, which also retries a page that failed.
 * Scrolling stops loading after a failure until the button is used, so a lost network is not asked
 * again every half second.
 */
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useInfiniteScroll } from '../useInfiniteScroll';

/** What LoadMore reads of a paged (infinite) query. */
export interface PagedQueryState {
  hasNextPage: boolean;
  /** Any page of the list is loading (a poll included): no second request meanwhile. */
  isFetching: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

interface LoadMoreProps {
  pages: PagedQueryState;
  /** What the rows are, in the failure message: 'More {noun} could not be loaded.' */
  noun: string;
}

export function LoadMore({ pages, noun }: LoadMoreProps) {
  const { hasNextPage, isFetching, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = pages;
  const sentinelRef = useInfiniteScroll({ hasNextPage, isFetching, fetchNextPage, paused: isFetchNextPageError });
  return (
    <Stack align="center" gap="3">
      <Box ref={sentinelRef} alignSelf="stretch" h="1px" aria-hidden="true" />
      {isFetchNextPageError ? (
        <Text fontSize="sm" color="fg.error" textAlign="center" role="alert">
          More {noun} could not be loaded. Please try again.
        </Text>
      ) : null}
      {hasNextPage ? (
        <Button variant="outline" borderColor="border.emphasized" onClick={() => void fetchNextPage()} loading={isFetchingNextPage} loadingText="Loading...">
          Load more
        </Button>
      ) : null}
    </Stack>
  );
}
