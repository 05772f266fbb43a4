/**
 * How the console shows the state of what it loads and does: a spinner while loading, the error
 * with "Retry" when loading failed, an empty list's note, an action's error next to it, and an
 * action's success.
 */
import { type ReactNode } from 'react';
import { Box, Button, Center, Spinner, Text } from '@chakra-ui/react';
import { Alert } from '@chakra-ui/react';
import { errorMessage } from '../format';

interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

interface QueryViewProps<T> {
  query: QueryLike<T>;
  /** What is loaded, in words: "the withdrawals". */
  what: string;
  children: (data: T) => ReactNode;
}

/** The query's data through `children`, or its loading or error state. */
export function QueryView<T>({ query, what, children }: QueryViewProps<T>) {
  if (query.isPending) {
    return (
      <Center py="10" aria-busy="true">
        <Spinner size="lg" color="brand.400" borderWidth="3px" aria-label={`Loading ${what}`} />
      </Center>
    );
  }
  if (query.isError || query.data === undefined) {
    return (
      <Alert.Root status="error" role="alert" alignItems="flex-start">
        <Alert.Indicator />
        <Alert.Content gap="2">
          <Alert.Title>Could not load {what}</Alert.Title>
          <Alert.Description>{errorMessage(query.error)}</Alert.Description>
          <Button size="xs" variant="outline" alignSelf="flex-start" loading={query.isFetching} onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Alert.Content>
      </Alert.Root>
    );
  }
  return <>{children(query.data)}</>;
}

export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <Box borderWidth="1px" borderStyle="dashed" borderColor="border.emphasized" borderRadius="l2" px="4" py="6" textAlign="center">
      <Text color="fg.muted">{children}</Text>
    </Box>
  );
}

/** An action's error (a 409's message, say), announced as it appears; nothing when there is none. */
export function ActionError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert.Root status="error" role="alert" size="sm">
      <Alert.Indicator />
      <Alert.Description>{errorMessage(error)}</Alert.Description>
    </Alert.Root>
  );
}

/** What an action did, announced politely. */
export function ActionDone({ children }: { children: ReactNode }) {
  return (
    <Alert.Root status="success" role="status" size="sm">
      <Alert.Indicator />
      <Alert.Description>{children}</Alert.Description>
    </Alert.Root>
  );
}

/** Label-value pairs (a <dl>): side by side from `sm` up, stacked on phones. */
export function Facts({ items }: { items: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', sm: 'max-content minmax(0, 1fr)' }} columnGap="4" rowGap={{ base: '0', sm: '1.5' }} fontSize="sm">
      {items.map(([label, value]) => (
        <Box key={label} display="contents">
          <Text as="dt" color="fg.muted" mt={{ base: '2', sm: '0' }}>
            {label}
          </Text>
          <Text as="dd" overflowWrap="anywhere">
            {value}
          </Text>
        </Box>
      ))}
    </Box>
  );
}
