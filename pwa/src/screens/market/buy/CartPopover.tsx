/**
 * The cart: a Cart button with the item count, opening a panel with the items
 * (each removable), the total (summed in cents), Clear and Purchase. Loaded on first use (Cart.tsx).
 */
import { useEffect, useState } from 'react';
import { Box, Button, EmptyState, HStack, IconButton, Portal, Separator, Stack, Text } from '@chakra-ui/react';
import { Popover } from '@chakra-ui/react';
import { ShoppingCartIcon, TrashIcon, XIcon } from 'lucide-react';
import { formatUsd, parseMoney } from '../../../../../shared/money';
import { cartStore, cartTotalCents } from '../../../cart/cartStore';
import { useCart } from '../../../cart/useCart';
import { ItemThumbnail, RarityBadge } from '../../../components/items';
import { CartButton } from './CartButton';
import { usePurchase } from './usePurchase';

/** Mounted when the visitor first asks for the cart (Cart.tsx), so it opens as it mounts. */
export function CartPopover() {
  const items = useCart();
  const [open, setOpen] = useState(false);
  // Opened after mounting, not mounted open: the popover then moves focus in as on any open.
  useEffect(() => setOpen(true), []);
  const { purchase, isPurchasing } = usePurchase();
  const count = items.length;

  return (
    <Popover.Root open={open} onOpenChange={(details) => setOpen(details.open)} positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <CartButton count={count} />
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="min(26rem, calc(100vw - 2rem))" bg="bg.panel" borderWidth="1px" borderColor="border.emphasized" aria-label="Cart">
            <Popover.Header display="flex" alignItems="center" justifyContent="space-between" pb="3">
              <Popover.Title fontWeight="semibold">Your Cart {count ? `(${count})` : ''}</Popover.Title>
              <Popover.CloseTrigger asChild>
                <IconButton size="xs" variant="ghost" aria-label="Close cart">
                  <XIcon />
                </IconButton>
              </Popover.CloseTrigger>
            </Popover.Header>
            <Popover.Body pt="0">
              {count === 0 ? (
                <EmptyState.Root size="sm">
                  <EmptyState.Content>
                    <EmptyState.Indicator>
                      <ShoppingCartIcon />
                    </EmptyState.Indicator>
                    <EmptyState.Description>Your cart is empty. Open a skin and choose 'Add to cart'.</EmptyState.Description>
                  </EmptyState.Content>
                </EmptyState.Root>
              ) : (
                <Stack gap="4">
                  <Stack as="ul" aria-label="Cart items" gap="2" maxH="18rem" overflowY="auto" pe="1" listStyleType="none">
                    {items.map((item) => (
                      <HStack as="li" key={item.id} gap="3" p="2" bg="bg.muted" borderRadius="l2">
                        <ItemThumbnail name={item.name} imageUrl={item.imageUrl} rarity={item.rarity} size="12" />
                        <Box minW="0" flex="1">
                          <Text fontSize="sm" fontWeight="semibold" lineClamp={1} title={item.name}>
                            {item.name}
                          </Text>
                          <HStack gap="2" mt="0.5">
                            <Text fontSize="sm" color="brand.fg" fontWeight="semibold" fontVariantNumeric="tabular-nums">
                              {formatUsd(parseMoney(item.price) ?? 0n)}
                            </Text>
                            <RarityBadge rarity={item.rarity} />
                          </HStack>
                        </Box>
                        <IconButton
                          size="xs"
                          variant="ghost"
                          colorPalette="red"
                          aria-label={`Remove ${item.name}`}
                          onClick={() => cartStore.remove(item.id)}
                          disabled={isPurchasing}
                        >
                          <TrashIcon />
                        </IconButton>
                      </HStack>
                    ))}
                  </Stack>
                  <Separator />
                  <HStack justify="space-between">
                    <Text color="fg.muted">Total</Text>
                    <Text fontSize="xl" fontWeight="bold" fontVariantNumeric="tabular-nums" data-testid="cart-total">
                      {formatUsd(cartTotalCents(items))}
                    </Text>
                  </HStack>
                  <HStack gap="2">
                    <Button flex="1" variant="outline" onClick={() => cartStore.clear()} disabled={isPurchasing}>
                      Clear
                    </Button>
                    <Button
                      flex="2"
                      colorPalette="brand"
                      loading={isPurchasing}
                      loadingText="Purchasing..."
                      onClick={() => purchase(items, () => setOpen(false))}
                    >
                      Purchase
                    </Button>
                  </HStack>
                </Stack>
              )}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
