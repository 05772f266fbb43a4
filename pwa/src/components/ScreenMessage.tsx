/**
 * A list screen's whole-area message in place of its list (My Listings, My Buy Orders, Watchlist): an icon, a
 * heading, a sentence and one action, for the empty and the error states.
 */
import { type ReactNode } from 'react';
import { EmptyState, Stack } from '@chakra-ui/react';

interface ScreenMessageProps {
  icon: ReactNode;
  iconColor?: string;
  title: string;
  description: string;
  action: ReactNode;
}

export function ScreenMessage({ icon, iconColor = 'brand.fg', title, description, action }: ScreenMessageProps) {
  return (
    <EmptyState.Root
      size="lg"
      bg="bg.panel"
      borderWidth="1px"
      borderStyle="dashed"
      borderColor="border.emphasized"
      borderRadius="l3"
      py={{ base: '12', md: '16' }}
    >
      <EmptyState.Content>
        <EmptyState.Indicator color={iconColor}>{icon}</EmptyState.Indicator>
        <Stack textAlign="center" gap="2" maxW="md">
          <EmptyState.Title as="h2">{title}</EmptyState.Title>
          <EmptyState.Description>{description}</EmptyState.Description>
        </Stack>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
