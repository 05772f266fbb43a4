/** One order on the Checkout screen: when, how much, and each item with its delivery state. */
import { useId } from 'react';
import { Badge, Box, Card, Flex, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { CircleCheckIcon, CircleXIcon, ClockIcon, RotateCcwIcon, SendIcon } from 'lucide-react';
import { formatDateTime } from '../../../../shared/format';
import { formatUsd, parseMoney } from '../../../../shared/money';
import type { Order, OrderItem } from '../../../../shared/schemas/market';
import { ItemThumbnail, RarityBadge } from '../../components/items';
import { itemStatusView, orderSummary, type StatusTone } from './orderStatus';

const TONES: Record<StatusTone, { palette: string; icon: typeof ClockIcon }> = {
  waiting: { palette: 'yellow', icon: ClockIcon },
  active: { palette: 'blue', icon: SendIcon },
  done: { palette: 'green', icon: CircleCheckIcon },
  refunded: { palette: 'purple', icon: RotateCcwIcon },
  failed: { palette: 'red', icon: CircleXIcon },
};

function money(amount: string): string {
  return formatUsd(parseMoney(amount) ?? 0n);
}

/** A short, readable order number (the id's first block). */
export function orderNumber(id: string): string {
  return id.split('-')[0]?.toUpperCase() ?? id;
}

export function OrderCard({ order, highlighted = false }: { order: Order; highlighted?: boolean }) {
  const titleId = useId();
  return (
    <Card.Root
      as="article"
      aria-labelledby={titleId}
      bg="bg.panel"
      borderColor={highlighted ? 'brand.muted' : 'border'}
      shadow={highlighted ? '0 0 0 1px var(--chakra-colors-brand-muted)' : undefined}
    >
      <Card.Header pb="3">
        <Flex justify="space-between" align="start" gap="3">
          <Box minW="0">
            <Heading as="h3" id={titleId} size="md">
              Order #{orderNumber(order.id)}
            </Heading>
            <Text fontSize="sm" color="fg.muted" mt="0.5">
              {formatDateTime(order.createdAt)} · {order.items.length} {order.items.length === 1 ? 'item' : 'items'}
            </Text>
          </Box>
          <Stack gap="1" align="end" flexShrink={0}>
            <Text fontSize="lg" fontWeight="bold" fontVariantNumeric="tabular-nums">
              {money(order.total)}
            </Text>
            <Badge size="sm" variant="subtle">
              {orderSummary(order.items)}
            </Badge>
          </Stack>
        </Flex>
      </Card.Header>
      <Card.Body pt="0">
        <Stack as="ul" gap="2" listStyleType="none" aria-label={`Items of order #${orderNumber(order.id)}`}>
          {order.items.map((item) => (
            <OrderItemRow key={item.listingId} item={item} />
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function OrderItemRow({ item }: { item: OrderItem }) {
  const view = itemStatusView(item);
  const tone = TONES[view.tone];
  const StatusIcon = tone.icon;
  return (
    <Box as="li" p="3" bg="bg.muted" borderRadius="l2">
      <HStack gap="3" align="start">
        <ItemThumbnail name={item.name} imageUrl={item.imageUrl} rarity={item.rarity} size="14" />
        <Box flex="1" minW="0">
          <Flex justify="space-between" align="start" gap="3">
            <Text fontWeight="semibold" lineClamp={2} title={item.name}>
              {item.name}
            </Text>
            <Text fontWeight="semibold" fontVariantNumeric="tabular-nums" flexShrink={0}>
              {money(item.price)}
            </Text>
          </Flex>
          <HStack gap="2" mt="1" wrap="wrap">
            <RarityBadge rarity={item.rarity} />
            <Text fontSize="sm" color="fg.muted">
              {item.condition ?? 'No wear'}
            </Text>
            <Badge size="sm" colorPalette={tone.palette} variant="subtle">
              {view.badge}
            </Badge>
          </HStack>
          <HStack gap="1.5" mt="2" fontSize="sm" color={`${tone.palette}.300`} align="start">
            <Box as="span" mt="0.5" flexShrink={0}>
              <StatusIcon aria-hidden="true" />
            </Box>
            <Text data-testid="delivery-state">{view.label}</Text>
          </HStack>
        </Box>
      </HStack>
    </Box>
  );
}
