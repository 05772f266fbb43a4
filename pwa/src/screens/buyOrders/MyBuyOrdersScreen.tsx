/**
 * My Buy Orders (/buy-orders; docs/adr/0077-buy-orders.md): the signed-in user's buy orders, newest
 * first, each with its item, price per unit, how many of how many are bought (a progress bar), the
 * float limit, what is still reserved from the balance, and 'Cancel' for an open one, which returns
 * the unfilled part to the balance (after a confirmation). Fills arrive as live events, which
 * re-read the list (live/liveEvents.ts), so progress moves while the screen is open.
 *
 * States: 'Loading your buy orders...'; 'Error Loading Buy Orders' with Retry; 'No Buy Orders Yet'
 * with 'Browse the Market' (orders are placed from an item's dialog there). Visitors get
 * 'Authentication Required'.
 */
import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { HandCoinsIcon, StoreIcon, XIcon } from 'lucide-react';
import { formatDateTime, formatFloatValue } from '../../../../shared/format';
import { formatUsd, parseMoney } from '../../../../shared/money';
import { ApiError, isUnauthorized } from '../../api/client';
import { ConfirmDialog } from '../../components/dialogs';
import { ItemThumbnail, RarityBadge } from '../../components/items';
import { ScreenLoadError, ScreenLoading, ScreenMessage } from '../../components/ScreenMessage';
import { LoadMore } from '../../components/LoadMore';
import { PageTitle } from '../../components/PageTitle';
import { SignedInOnly } from '../../components/SignedInOnly';
import { toaster } from '../../components/toaster';
import { useCancelBuyOrderMutation, useMyBuyOrdersQuery, type BuyOrder } from '../../queries/buyOrders';
import { itemsOf } from '../../queries/pagedLists';

const usd = (money: string) => formatUsd(parseMoney(money) ?? 0n);

const STATUS_BADGES: Record<BuyOrder['status'], { label: string; palette: string }> = {
  open: { label: 'Open', palette: 'green' },
  filled: { label: 'Filled', palette: 'blue' },
  cancelled: { label: 'Cancelled', palette: 'gray' },
};

export default function MyBuyOrdersScreen() {
  return (
    <SignedInOnly
      loadingText="Loading your buy orders..."
      unavailableTitle="Error Loading Buy Orders"
      signInDescription="Please sign in with your Steam account to see your buy orders."
    >
      {() => <MyBuyOrders />}
    </SignedInOnly>
  );
}

function MyBuyOrders() {
  return (
    <Box colorPalette="brand">
      <PageTitle title="My Buy Orders" subtitle="Items you want, bought as soon as someone lists them at your price" />
      <BuyOrdersContent />
    </Box>
  );
}

function BuyOrdersContent() {
  const query = useMyBuyOrdersQuery();
  const orders = itemsOf(query.data);
  const [cancelling, setCancelling] = useState<BuyOrder | null>(null);
  const triggerRef = useRef<HTMLElement | null>(null);

  if (query.isPending) {
    return <ScreenLoading text="Loading your buy orders..." />;
  }
  if (query.isError && !orders) {
    return (
      <ScreenLoadError title="Error Loading Buy Orders" description="Unable to fetch your buy orders. Please try again." onRetry={() => void query.refetch()} />
    );
  }
  if (!orders?.length) {
    return (
      <ScreenMessage
        icon={<HandCoinsIcon />}
        title="No Buy Orders Yet"
        description="Open an item in the market and place a buy order: it buys the item as soon as someone lists it at or below your price."
        action={
          <Button asChild colorPalette="brand">
            <RouterLink to="/market">
              <StoreIcon aria-hidden="true" />
              Browse the Market
            </RouterLink>
          </Button>
        }
      />
    );
  }
  return (
    <Stack gap="4">
      <Stack as="ul" gap="3" aria-label="Your buy orders" listStyleType="none" m="0" p="0">
        {orders.map((order) => (
          <BuyOrderRow
            key={order.id}
            order={order}
            onCancel={(trigger) => {
              triggerRef.current = trigger;
              setCancelling(order);
            }}
          />
        ))}
      </Stack>
      <LoadMore pages={query} noun="buy orders" />
      <CancelBuyOrderDialog order={cancelling} onClose={() => setCancelling(null)} finalFocusEl={() => (triggerRef.current?.isConnected ? triggerRef.current : null)} />
    </Stack>
  );
}

function BuyOrderRow({ order, onCancel }: { order: BuyOrder; onCancel: (trigger: HTMLElement) => void }) {
  const badge = STATUS_BADGES[order.status];
  const percent = Math.round((order.filled / order.quantity) * 100);
  return (
    <Flex
      as="li"
      direction={{ base: 'column', md: 'row' }}
      gap={{ base: '3', md: '5' }}
      align={{ base: 'stretch', md: 'center' }}
      p="4"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      borderRadius="l3"
    >
      <HStack gap="4" flex="1" minW="0" align="center">
        <ItemThumbnail name={order.name} imageUrl={order.imageUrl ?? ''} rarity={order.rarity} size="16" />
        <Stack gap="1" minW="0">
          {/* The market hash name: bids on the same skin in two exteriors are two rows. */}
          <Text fontWeight="semibold" lineClamp={2}>
            {order.marketHashName}
          </Text>
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette={badge.palette} variant="subtle">
              {badge.label}
            </Badge>
            {order.rarity === 'unknown' ? null : <RarityBadge rarity={order.rarity} />}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {usd(order.price)} each · Max float {order.maxFloat === null ? 'any' : formatFloatValue(order.maxFloat, 3)} · Placed{' '}
            <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
          </Text>
        </Stack>
      </HStack>
      <Stack gap="1.5" w={{ base: 'full', md: '56' }} flexShrink={0}>
        <HStack justify="space-between" fontSize="sm">
          <Text>
            {order.filled} of {order.quantity} bought
          </Text>
          {order.status === 'open' ? (
            <Text color="fg.muted" fontVariantNumeric="tabular-nums">
              {usd(order.reserved)} reserved
            </Text>
          ) : null}
        </HStack>
        <Box
          role="progressbar"
          aria-label={`${order.marketHashName}: ${order.filled} of ${order.quantity} bought`}
          aria-valuemin={0}
          aria-valuemax={order.quantity}
          aria-valuenow={order.filled}
          h="2"
          borderRadius="full"
          bg="bg.emphasized"
          overflow="hidden"
        >
          <Box h="full" w={`${percent}%`} bg={order.status === 'cancelled' ? 'gray.500' : 'brand.500'} transition="width 0.3s" />
        </Box>
      </Stack>
      {order.status === 'open' ? (
        <Button size="sm" variant="outline" borderColor="border.emphasized" flexShrink={0} onClick={(event) => onCancel(event.currentTarget)}>
          <XIcon aria-hidden="true" />
          Cancel
        </Button>
      ) : null}
    </Flex>
  );
}

interface CancelBuyOrderDialogProps {
  order: BuyOrder | null;
  onClose: () => void;
  finalFocusEl: () => HTMLElement | null;
}

function CancelBuyOrderDialog({ order, onClose, finalFocusEl }: CancelBuyOrderDialogProps) {
  const cancel = useCancelBuyOrderMutation();
  // Kept while the dialog animates closed.
  const [shown, setShown] = useState<BuyOrder | null>(order);
  if (order && order !== shown) setShown(order);

  function handleConfirm() {
    if (!order || cancel.isPending) return;
    cancel.mutate(order.id, {
      onSuccess: (outcome) => {
        onClose();
        toaster.create({ type: 'success', title: 'Buy Order Cancelled', description: `${usd(shown?.reserved ?? '0.00')} is back in your balance (now ${usd(outcome.balance)}).` });
      },
      onError: (error) => {
        onClose();
        if (isUnauthorized(error)) return;
        toaster.create({ type: 'error', title: 'Failed to cancel buy order', description: error instanceof ApiError ? error.detail : 'Please check your connection and try again.' });
      },
    });
  }

  return (
    <ConfirmDialog
      open={order !== null}
      onClose={onClose}
      finalFocusEl={finalFocusEl}
      size="sm"
      title="Cancel this buy order?"
      cancelLabel="Keep Order"
      confirmLabel="Cancel Order"
      onConfirm={handleConfirm}
      busy={cancel.isPending}
      busyText="Cancelling..."
    >
      {shown ? (
        <Text>
          {shown.filled > 0 ? `${shown.filled} of ${shown.quantity} ${shown.marketHashName} are already bought and stay yours. ` : ''}
          The unfilled part, {usd(shown.reserved)}, goes back to your balance.
        </Text>
      ) : null}
    </ConfirmDialog>
  );
}
