/**
 * The gate of the screens that need a signed-in user (profile, add funds, withdraw): a loading
 * state while GET /api/user runs, a retry when it failed, 'Authentication Required' for visitors,
 * and the screen itself for a signed-in user.
 */
import { type ReactNode } from 'react';
import { Button, Center, EmptyState } from '@chakra-ui/react';
import { useDeferredQueryState } from '../queries/useDeferredQueryState';
import { useCurrentUser, type User } from '../queries/user';
import { AuthRequired } from './AuthRequired';
import { ScreenLoading } from './ScreenMessage';

interface SignedInOnlyProps {
  /** Shown while the user loads: 'Loading your profile...' or 'Loading...'. */
  loadingText?: string;
  /** Heading when the user could not be loaded, e.g. 'Withdrawals are not available'. */
  unavailableTitle: string;
  unavailableDescription?: string;
  /** Why a visitor should sign in here. */
  signInDescription: string;
  children: (user: User) => ReactNode;
}

export function SignedInOnly({
  loadingText = 'Loading...',
  unavailableTitle,
  unavailableDescription = 'We could not load your account. Please try again.',
  signInDescription,
  children,
}: SignedInOnlyProps) {
  const query = useCurrentUser();
  // The screen mounts in a background pass once the session check answers (useDeferredQueryState.ts).
  const { data: user, isPending, isError } = useDeferredQueryState(query);
  const { refetch, isRefetching } = query;

  if (isPending) {
    return <ScreenLoading text={loadingText} />;
  }
  if (isError) {
    return (
      <Center py="16">
        <EmptyState.Root maxW="md" bg="bg.panel" borderWidth="1px" borderColor="border" borderRadius="l3">
          <EmptyState.Content>
            <EmptyState.Title as="h1">{unavailableTitle}</EmptyState.Title>
            <EmptyState.Description>{unavailableDescription}</EmptyState.Description>
            <Button colorPalette="brand" onClick={() => void refetch()} loading={isRefetching}>
              Try Again
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      </Center>
    );
  }
  if (!user) return <AuthRequired description={signInDescription} />;
  return children(user);
}
