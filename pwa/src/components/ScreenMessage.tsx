/**
 * A list screen's whole-area message in place of its list (My Listings, My Buy Orders, Watchlist): an icon, a
 * heading, a sentence and one action, for the empty and the error states; and the loading state.
 */
import { type ReactNode } from 'react';
import { Button, Center, EmptyState, Spinner, Stack, Text } from '@chakra-ui/react';
import { CircleExclamationPointIcon, RotateCwIcon } from 'lucide-react';

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

/** The list is on its way. */
export function ScreenLoading({ text }: { text: string }) {
  return (
    <Center py="20" role="status" aria-live="polite">
      <Stack align="center" gap="4">
        <Spinner size="lg" color="brand.400" borderWidth="3px" />
        <Text color="fg.muted">{text}</Text>
      </Stack>
    </Center>
  );
}

/** The list could not be loaded and there is nothing to show instead: say so, and offer Retry. */
export function ScreenLoadError({ title, description, onRetry }: { title: string; description: string; onRetry: () => void }) {
  return (
    <ScreenMessage
      icon={<CircleExclamationPointIcon />}
      iconColor="fg.error"
      title={title}
      description={description}
      action={
        <Button colorPalette="brand" onClick={onRetry}>
          <RotateCwIcon aria-hidden="true" />
          Retry
        </Button>
      }
    />
  );
}
