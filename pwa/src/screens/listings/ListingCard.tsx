/**
 * One card of My Listings: the shared ItemCard (picture, StatTrak™ badge,
 * name, rarity in its colour, condition, float) with the status badge over the picture, then
 * Sell Price, Platform Fee (3%) as a deduction and You Receive, the status-dependent block, the
 * listed date and, for an unsold listing in the hold or on sale, 'Cancel Listing'.
 */
import { Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { Progress } from '@chakra-ui/react';
import { BadgeCheckIcon, CircleXIcon, ClockIcon, HourglassIcon, ShieldCheckIcon, StoreIcon } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { PLATFORM_FEE_PERCENT } from '../../../../shared/constants';
import { formatDate } from '../../../../shared/format';
import { ItemCard } from '../../components/items';
import type { Listing } from '../../queries/listings';
import {
  canCancelListing,
  cancelReasonText,
  holdProgress,
  listingAmounts,
  listingStatusBadge,
  weaponOf,
  type StatusBadgeStyle,
} from './listingView';
import { useHoldClock } from './holdClock';

interface ListingCardProps {
  listing: Listing;
  /** In the grid's first row: its picture loads at once. */
  priority: boolean;
  /** Asks to cancel; the button is the dialog's focus target when it closes. */
  onCancel: (listing: Listing, trigger: HTMLElement) => void;
}

/** Memoized: a card re-renders when its listing changes, not when the grid around it does. */
export const ListingCard = memo(function ListingCard({ listing, priority, onCancel }: ListingCardProps) {
  const badge = listingStatusBadge(listing.status);
  return (
    <ItemCard
      item={{ ...listing, weaponType: weaponOf(listing.name) }}
      priority={priority}
      cornerBadge={
        <Badge size="md" variant="solid" colorPalette={badge.palette} shadow="md">
          {badge.label}
        </Badge>
      }
      details={<ListingAmountRows listing={listing} />}
      price={<StatusBlock listing={listing} badge={badge} />}
      actions={
        <Flex align="center" justify="space-between" gap="3" wrap="wrap" pt="3" borderTopWidth="1px" borderColor="border">
          <Text fontSize="sm" color="fg.subtle">
            Listed {formatDate(listing.createdAt)}
          </Text>
          {canCancelListing(listing) ? (
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              borderColor="red.500/50"
              aria-label={`Cancel listing: ${listing.name}`}
              onClick={(event) => onCancel(listing, event.currentTarget)}
            >
              Cancel Listing
            </Button>
          ) : null}
        </Flex>
      }
    />
  );
});

function AmountRow({ label, value, emphasized = false }: { label: string; value: string; emphasized?: boolean }) {
  return (
    <Flex as="div" justify="space-between" align="baseline" gap="3">
      <Text as="dt" fontSize="sm" color={emphasized ? 'fg' : 'fg.muted'} fontWeight={emphasized ? 'semibold' : 'normal'}>
        {label}
      </Text>
      <Text
        as="dd"
        fontVariantNumeric="tabular-nums"
        fontWeight={emphasized ? 'bold' : 'medium'}
        fontSize={emphasized ? 'md' : 'sm'}
        color={emphasized ? 'green.300' : undefined}
      >
        {value}
      </Text>
    </Flex>
  );
}

/** Sell Price, the fee as a deduction and what the seller receives, as the server computed them. */
function ListingAmountRows({ listing }: { listing: Listing }) {
  const amounts = listingAmounts(listing);
  return (
    <Stack as="dl" gap="1.5" p="3" borderRadius="l2" bg="bg.subtle" borderWidth="1px" borderColor="border">
      <AmountRow label="Sell Price" value={amounts.sellPrice} />
      <AmountRow label={`Platform Fee (${PLATFORM_FEE_PERCENT}%)`} value={amounts.platformFee} />
      <Box borderTopWidth="1px" borderColor="border" />
      <AmountRow label="You Receive" value={amounts.finalAmount} emphasized />
    </Stack>
  );
}

/** A tinted note in the status's colour. */
function StatusNote({ palette, icon, title, children }: { palette: StatusBadgeStyle['palette']; icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <Box colorPalette={palette} p="3" borderRadius="l2" bg="colorPalette.subtle" borderWidth="1px" borderColor="colorPalette.muted">
      <HStack gap="2" color="colorPalette.fg" fontWeight="semibold" fontSize="sm">
        <Box as="span" aria-hidden="true" flexShrink={0}>
          {icon}
        </Box>
        <Text>{title}</Text>
      </HStack>
      {children ? (
        <Text fontSize="sm" color="fg.muted" mt="1" lineHeight="1.5">
          {children}
        </Text>
      ) : null}
    </Box>
  );
}

function StatusBlock({ listing, badge }: { listing: Listing; badge: StatusBadgeStyle }) {
  switch (listing.status) {
    case 'holding':
      return <HoldPeriod listing={listing} />;
    case 'active':
      return (
        <StatusNote palette={badge.palette} icon={<StoreIcon />} title="On Sale">
          Trade protection is over and your item is listed on the market.
        </StatusNote>
      );
    case 'payment_pending':
      return (
        <StatusNote palette={badge.palette} icon={<HourglassIcon />} title="Processing Payment">
          Payment will be added to your balance shortly
        </StatusNote>
      );
    case 'completed':
      return (
        <StatusNote palette={badge.palette} icon={<BadgeCheckIcon />} title="Payment Completed">
          Funds added to your account balance
        </StatusNote>
      );
    case 'cancelled':
      return (
        <StatusNote palette={badge.palette} icon={<CircleXIcon />} title="Listing Cancelled">
          {cancelReasonText(listing.cancelReason)}
        </StatusNote>
      );
    default:
      return null;
  }
}

/**
 * 'Hold Period': the countdown to holdEndTime (hidden once it has passed), progress bar and
 * 'N% complete', on the page's one clock: re-rendered when the minute or the percentage shown changes.
 */
function HoldPeriod({ listing }: { listing: Listing }) {
  const remaining = useHoldClock((now) => holdProgress(listing, now).remaining);
  const percent = useHoldClock((now) => holdProgress(listing, now).percent);
  return (
    <Box colorPalette="yellow" p="3" borderRadius="l2" bg="colorPalette.subtle" borderWidth="1px" borderColor="colorPalette.muted">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <HStack gap="2" color="colorPalette.fg" fontWeight="semibold" fontSize="sm">
          <ClockIcon aria-hidden="true" />
          <Text>Hold Period</Text>
        </HStack>
        {remaining !== null ? (
          <Text fontSize="sm" fontWeight="bold" fontVariantNumeric="tabular-nums" aria-label={`Time remaining: ${remaining}`}>
            {remaining}
          </Text>
        ) : null}
      </Flex>
      <Progress.Root value={percent} size="sm" mt="2.5">
        <Progress.Track bg="bg.emphasized" borderRadius="full" aria-label="Hold period progress">
          <Progress.Range bg="colorPalette.solid" />
        </Progress.Track>
      </Progress.Root>
      <Flex justify="space-between" mt="1.5" gap="2" fontSize="xs" color="fg.muted">
        <Text fontVariantNumeric="tabular-nums">{percent}% complete</Text>
        {listing.sold ? (
          <HStack gap="1" color="green.300" fontWeight="medium">
            <ShieldCheckIcon aria-hidden="true" />
            <Text>Sold - paid when the hold ends</Text>
          </HStack>
        ) : null}
      </Flex>
    </Box>
  );
}
