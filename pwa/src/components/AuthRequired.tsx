/**
 * Shown instead of a screen that needs sign-in (inventory, profile, add funds, withdraw): the
 * 'Authentication Required' card with a 'Login with Steam' button to /auth/steam.
 */
import { useId, type ReactNode } from 'react';
import { Card, Center, Circle, Heading, Text } from '@chakra-ui/react';
import { LockIcon } from 'lucide-react';
import { SteamLoginButton } from './SteamLoginButton';

interface AuthRequiredProps {
  title?: string;
  description?: ReactNode;
  /** The card's heading is the page's h1 unless the screen already has one. */
  headingLevel?: 'h1' | 'h2';
}

export function AuthRequired({
  title = 'Authentication Required',
  description = 'Please sign in with your Steam account to access this page.',
  headingLevel = 'h1',
}: AuthRequiredProps) {
  const titleId = useId();
  return (
    <Center py={{ base: '10', md: '16' }}>
      <Card.Root
        role="region"
        aria-labelledby={titleId}
        maxW="md"
        w="full"
        textAlign="center"
        bg="bg.panel"
        borderColor="border"
      >
        <Card.Body alignItems="center" gap="4" p={{ base: '6', md: '8' }}>
          <Circle size="14" bg="brand.subtle" color="brand.fg" borderWidth="1px" borderColor="brand.muted">
            <LockIcon size="26" aria-hidden="true" />
          </Circle>
          <Heading as={headingLevel} id={titleId} size="xl">
            {title}
          </Heading>
          <Text color="fg.muted">{description}</Text>
          <SteamLoginButton size="lg" mt="2" />
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
