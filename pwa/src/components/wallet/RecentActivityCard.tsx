/**
 * The wallet screens' 'Recent …' aside (Add Funds: deposits; Withdraw: withdrawals): a titled card
 * that shows skeletons while the list loads, a message with 'Retry' when it fails, an empty state,
 * or the items, each a RecentActivityRow (method icon, amount, status badge, details, date).
 */
import { type ElementType, type ReactNode } from 'react';
import { Badge, Box, Button, Card, Center, EmptyState, Flex, Heading, Icon, Skeleton, Stack, Text } from '@chakra-ui/react';
import { InboxIcon, WalletIcon } from 'lucide-react';
import { formatDateTime } from '../../../../shared/format';
import { formatBalance } from '../../queries/user';

/** What the card needs from the list's query. */
interface RecentActivityQuery<T> {
  data: { items: readonly T[] } | undefined;
  isPending: boolean;
  isError: boolean;
  isRefetching: boolean;
  refetch: () => Promise<unknown>;
}

interface RecentActivityCardProps<T> {
  /** The heading, e.g. 'Recent deposits'; also the list's accessible name. */
  title: string;
  /** The heading's id, which names the section. */
  headingId: string;
  /** The skeletons' accessible name, e.g. 'Loading deposits'. */
  loadingLabel: string;
  /** Shown when the list could not be loaded, above 'Retry'. */
  errorText: string;
  /** Shown when the list is empty, e.g. 'No deposits yet'. */
  emptyText: string;
  query: RecentActivityQuery<T>;
  /** One item's row (a RecentActivityRow with its key). */
  renderItem: (item: T) => ReactNode;
}

export function RecentActivityCard<T>({
  title,
  headingId,
  loadingLabel,
  errorText,
  emptyText,
  query,
  renderItem,
}: RecentActivityCardProps<T>) {
  const { data, isPending, isError, refetch, isRefetching } = query;

  return (
    <Card.Root as="section" aria-labelledby={headingId} variant="outline" size="sm" bg="bg.panel" borderColor="border">
      <Card.Body gap={3}>
        <Heading as="h2" id={headingId} size="sm">
          {title}
        </Heading>
        {isPending ? (
          <Stack gap={2} aria-busy="true" aria-label={loadingLabel}>
            <Skeleton h="12" borderRadius="md" />
            <Skeleton h="12" borderRadius="md" />
          </Stack>
        ) : isError || !data ? (
          <Stack gap={2} align="flex-start">
            <Text fontSize="sm" color="fg.muted">
              {errorText}
            </Text>
            <Button size="xs" variant="outline" onClick={() => void refetch()} loading={isRefetching}>
              Retry
            </Button>
          </Stack>
        ) : data.items.length === 0 ? (
          <EmptyState.Root size="sm" py={4}>
            <EmptyState.Content>
              <EmptyState.Indicator>
                <InboxIcon />
              </EmptyState.Indicator>
              <EmptyState.Description fontSize="sm">{emptyText}</EmptyState.Description>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <Stack as="ul" gap={0} listStyleType="none" aria-label={title}>
            {data.items.map(renderItem)}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

export interface StatusBadge {
  label: string;
  palette: string;
}

const UNKNOWN_STATUS: StatusBadge = { label: 'Unknown', palette: 'gray' };

interface RecentActivityRowProps {
  /** The payment method's icon; a wallet when unknown. */
  icon: ElementType | undefined;
  /** A money amount as the API gives it ("12.50"). */
  amount: string;
  /** The status's badge; 'Unknown' when missing. */
  badge: StatusBadge | undefined;
  /** The line under the amount (the method), and its tooltip if it may be cut off. */
  details: string;
  detailsTitle?: string;
  /** ISO date-time. */
  createdAt: string;
  /** A red note under the date (why a withdrawal was rejected). */
  note?: ReactNode;
}

export function RecentActivityRow({ icon, amount, badge = UNKNOWN_STATUS, details, detailsTitle, createdAt, note }: RecentActivityRowProps) {
  return (
    <Flex as="li" align="flex-start" gap={3} py={2.5} borderBottomWidth="1px" borderColor="border" _last={{ borderBottomWidth: 0 }}>
      <Center boxSize="8" flexShrink={0} borderRadius="md" bg="bg.emphasized" color="fg.muted" mt="0.5">
        <Icon as={icon ?? WalletIcon} boxSize="4" aria-hidden="true" />
      </Center>
      <Box flex="1" minW={0}>
        <Flex align="center" justify="space-between" gap={2}>
          <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
            {formatBalance(amount)}
          </Text>
          <Badge colorPalette={badge.palette} variant="subtle" flexShrink={0}>
            {badge.label}
          </Badge>
        </Flex>
        <Text fontSize="xs" color="fg.muted" truncate title={detailsTitle}>
          {details}
        </Text>
        <Text fontSize="xs" color="fg.subtle">
          {safeDateTime(createdAt)}
        </Text>
        {note ? (
          <Text fontSize="xs" color="fg.error" mt={1}>
            {note}
          </Text>
        ) : null}
      </Box>
    </Flex>
  );
}

/** The date and time, or nothing if the value is not a date. */
export function safeDateTime(iso: string): string {
  try {
    return formatDateTime(iso);
  } catch {
    return '';
  }
}
