/**
 * The Inventory's empty and error states (no items found; no items match the filters; inventory
 * not available, with 'Try Again'), as one dashed panel with an icon, a title and an action. The
 * Sell tab shows the same states with the same components.
 */
import { type ReactNode } from 'react';
import { Button, EmptyState, Span, Stack, Wrap } from '@chakra-ui/react';
import { ExternalLinkIcon, LockIcon, PackageOpenIcon, RefreshCwIcon, SearchXIcon, TriangleExclamationPointIcon } from 'lucide-react';

const STEAM_PRIVACY_SETTINGS_URL = 'https://steamcommunity.com/my/edit/settings';
const INVENTORY_UNAVAILABLE = 'Unable to load your Steam inventory at this time.';

interface ScreenMessageProps {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  action?: ReactNode;
  headingLevel?: 'h1' | 'h2' | 'h3';
}

/** A titled panel (a named region, so tests and assistive technology find it by its title). */
function ScreenMessage({ icon, title, description, action, headingLevel = 'h2' }: ScreenMessageProps) {
  return (
    <EmptyState.Root role="region" aria-label={title} bg="bg.panel" borderWidth="1px" borderColor="border" borderRadius="l3" borderStyle="dashed">
      <EmptyState.Content>
        <EmptyState.Indicator color="brand.fg">{icon}</EmptyState.Indicator>
        <Stack textAlign="center" gap="2" maxW="lg">
          <EmptyState.Title as={headingLevel}>{title}</EmptyState.Title>
          <EmptyState.Description>{description}</EmptyState.Description>
        </Stack>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

type HeadingLevel = ScreenMessageProps['headingLevel'];

interface RetryProps {
  headingLevel?: HeadingLevel;
  onRetry: () => void;
  retrying: boolean;
}

/** The signed-in user could not be checked (GET /api/user failed): the screen cannot start. */
export function SignInCheckFailed({ title, headingLevel, onRetry, retrying }: RetryProps & { title: string }) {
  return (
    <ScreenMessage
      headingLevel={headingLevel}
      icon={<TriangleExclamationPointIcon />}
      title={title}
      description="We could not check your sign-in. Please try again."
      action={
        <Button colorPalette="brand" onClick={onRetry} loading={retrying}>
          Try Again
        </Button>
      }
    />
  );
}

/** The inventory could not be loaded from Steam. */
export function InventoryUnavailable({ headingLevel, onRetry, retrying }: RetryProps) {
  return (
    <ScreenMessage
      headingLevel={headingLevel}
      icon={<TriangleExclamationPointIcon />}
      title="Inventory not available"
      description={INVENTORY_UNAVAILABLE}
      action={
        <Button colorPalette="brand" onClick={onRetry} loading={retrying}>
          <RefreshCwIcon aria-hidden="true" />
          Try Again
        </Button>
      }
    />
  );
}

/** Every item is filtered out. */
export function NoFilterMatches({ headingLevel, onClear }: { headingLevel?: HeadingLevel; onClear: () => void }) {
  return (
    <ScreenMessage
      headingLevel={headingLevel}
      icon={<SearchXIcon />}
      title="No items match your filters"
      description="Try another search or clear the filters to see your whole inventory."
      action={
        <Button variant="outline" onClick={onClear}>
          Clear Filters
        </Button>
      }
    />
  );
}

interface EmptyInventoryProps {
  /** Steam reported the inventory as private. */
  isPrivate: boolean;
  onRefresh: () => void;
  refreshing: boolean;
}

/** 'No items found': an empty inventory, or a private one with how to make it public. */
export function EmptyInventory({ isPrivate, onRefresh, refreshing }: EmptyInventoryProps) {
  const refreshButton = (
    <Button variant="outline" onClick={onRefresh} loading={refreshing} loadingText="Refreshing...">
      <RefreshCwIcon aria-hidden="true" />
      Refresh
    </Button>
  );
  if (isPrivate) {
    return (
      <ScreenMessage
        icon={<LockIcon />}
        title="No items found"
        description={
          <>
            Your Steam inventory is private, so we cannot see your items. On Steam, open{' '}
            <Span fontWeight="semibold">Edit Profile → Privacy Settings</Span>, set{' '}
            <Span fontWeight="semibold">Inventory</Span> to <Span fontWeight="semibold">Public</Span>, then refresh.
          </>
        }
        action={
          <Wrap justify="center" gap="3">
            <Button asChild colorPalette="brand">
              <a href={STEAM_PRIVACY_SETTINGS_URL} target="_blank" rel="noopener noreferrer">
                Open Steam Privacy Settings
                <ExternalLinkIcon aria-hidden="true" />
              </a>
            </Button>
            {refreshButton}
          </Wrap>
        }
      />
    );
  }
  return (
    <ScreenMessage
      icon={<PackageOpenIcon />}
      title="No items found"
      description="Your Steam inventory is empty or private. CS2 items you own appear here; if you just received some, refresh your inventory."
      action={refreshButton}
    />
  );
}
