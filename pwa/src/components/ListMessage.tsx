/**
 * What a list screen shows instead of its rows (My Listings, My Buy Orders): loading failed, or
 * nothing yet. An icon, a title, what it means and the one thing to do next.
 */
import { type ReactNode } from 'react';
import { EmptyState, Stack } from '@chakra-ui/react';

interface ListMessageProps {
  icon: ReactNode;
  iconColor?: string;
  title: string;
  description: string;
  action: ReactNode;
}

export function ListMessage({ icon, iconColor = 'brand.fg', title, description, action }: ListMessageProps) {
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
