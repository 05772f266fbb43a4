/**
 * Checkout (/checkout; the purchase itself: docs/adr/0036-purchases.md):
 * where the buyer lands after a purchase (`?order=<id>`) and comes back to follow delivery. The
 * order just placed is confirmed at the top; below, the buyer's orders, newest first, with each
 * item's delivery state, re-read while deliveries are under way (useOrdersQuery), older ones
 * loading as the buyer scrolls (LoadMore). Visitors are asked to sign in.
 */
import { Box, Button, Center, EmptyState, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { Alert } from '@chakra-ui/react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PackageOpenIcon, ShoppingBagIcon, TriangleExclamationPointIcon } from 'lucide-react';
import { TRADE_HOLD_DAYS } from '../../../../shared/constants';
import { formatUsd, parseMoney } from '../../../../shared/money';
import type { Order } from '../../../../shared/schemas/market';
import { PageTitle } from '../../components/PageTitle';
import { SignedInOnly } from '../../components/SignedInOnly';
import { useOrdersQuery } from '../../queries/orders';
import { itemsOf } from '../../queries/pagedLists';
import { LoadMore } from '../../components/LoadMore';
import { OrderCard, orderNumber } from './OrderCard';

export default function CheckoutScreen() {
  return (
    <>
      <PageTitle title="Checkout" subtitle="Your purchases and where each item is on its way to you." />
      <SignedInOnly unavailableTitle="Orders are not available" signInDescription="Please sign in with Steam to see your purchases.">
        {() => <Orders />}
      </SignedInOnly>
    </>
  );
}

function Orders() {
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get('order');
  const query = useOrdersQuery();
  const { data, isPending, isError, refetch, isRefetching } = query;
  const orders = itemsOf(data);

  if (isPending) {
    return (
      <Center py="16" role="status" aria-live="polite">
        <Stack align="center" gap="3">
          <Spinner size="lg" color="brand.400" borderWidth="3px" />
          <Text color="fg.muted">Loading your orders...</Text>
        </Stack>
      </Center>
    );
  }
  // A failed refetch or next page keeps the orders on screen; the error state is for when there is nothing to show.
  if (isError && !orders) {
    return (
      <EmptyState.Root bg="bg.panel" borderWidth="1px" borderColor="border" borderRadius="l3">
        <EmptyState.Content>
          <EmptyState.Indicator color="fg.subtle">
            <TriangleExclamationPointIcon />
          </EmptyState.Indicator>
          <EmptyState.Title as="h2">Unable to load your orders</EmptyState.Title>
          <EmptyState.Description>Please try again.</EmptyState.Description>
          <Button colorPalette="brand" onClick={() => void refetch()} loading={isRefetching}>
            Try Again
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }

  const recent = orders ?? [];
  const current = orderId ? recent.find((order) => order.id === orderId) : undefined;

  return (
    <Stack gap="8">
      {orderId ? <OrderConfirmation order={current} /> : null}
      <Box as="section" aria-labelledby="recent-purchases">
        <Flex justify="space-between" align="center" mb="4" gap="3" wrap="wrap">
          <Heading as="h2" id="recent-purchases" size="lg">
            Recent Purchases
          </Heading>
          <Button asChild size="sm" variant="outline">
            <RouterLink to="/market">
              <ShoppingBagIcon aria-hidden="true" />
              Continue Shopping
            </RouterLink>
          </Button>
        </Flex>
        {recent.length === 0 ? (
          <EmptyState.Root bg="bg.panel" borderWidth="1px" borderColor="border" borderRadius="l3">
            <EmptyState.Content>
              <EmptyState.Indicator color="fg.subtle">
                <PackageOpenIcon />
              </EmptyState.Indicator>
              <EmptyState.Title as="h3">No purchases yet</EmptyState.Title>
              <EmptyState.Description>Skins you buy on the market appear here with their delivery status.</EmptyState.Description>
              <Button asChild colorPalette="brand">
                <RouterLink to="/market">Browse Marketplace</RouterLink>
              </Button>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <Stack gap="4">
            {recent.map((order) => (
              <OrderCard key={order.id} order={order} highlighted={order.id === orderId} />
            ))}
            <LoadMore pages={query} noun="orders" />
          </Stack>
        )}
      </Box>
    </Stack>
  );
}

function OrderConfirmation({ order }: { order: Order | undefined }) {
  if (!order) {
    return (
      <Alert.Root status="warning" variant="surface">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Order not found</Alert.Title>
          <Alert.Description>This order is not among your purchases. Your recent orders are listed below.</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  const count = order.items.length;
  return (
    <Alert.Root status="success" variant="surface" role="status" borderRadius="l3" p={{ base: '4', md: '5' }}>
      <Alert.Indicator />
      <Alert.Content gap="1">
        <Alert.Title fontSize="md">
          Order #{orderNumber(order.id)} confirmed: {count} {count === 1 ? 'item' : 'items'} for {formatUsd(parseMoney(order.total) ?? 0n)}
        </Alert.Title>
        <Alert.Description color="fg.muted">
          The money is held in escrow. Each item is sent to the trade URL in your profile as soon as its seller&apos;s{' '}
          {TRADE_HOLD_DAYS}-day Steam trade protection ends; accept the trade offer in Steam. If an item cannot be delivered,
          you are refunded in full.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
