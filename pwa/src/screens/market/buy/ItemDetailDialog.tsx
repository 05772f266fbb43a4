/**
 * A market item's detail dialog: picture,
 * price, float (8 decimals on wide screens, 4 on phones), rarity, the real pattern (Steam's paint
 * seed, or N/A), 'Inspect in Game' when Steam gave an inspect link, when the item can be delivered,
 * the watchlist's star and alert price for signed-in users (WatchPanel.tsx), 'Add to cart', then
 * the item's price history and latest sales (ItemMarketHistory.tsx) and its buy orders
 * (ItemBuyOrders.tsx).
 */
import { type ReactNode } from 'react';
import {
  Box,
  Button,
  Grid,
  HStack,
  Stack,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react';
import { DataList } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react';
import { CircleCheckIcon, ExternalLinkIcon, ShoppingCartIcon } from 'lucide-react';
import { formatFloatValue } from '../../../../../shared/format';
import { formatUsd, parseMoney } from '../../../../../shared/money';
import type { MarketItem } from '../../../../../shared/schemas/market';
import { ModalDialog } from '../../../components/dialogs';
import { ConditionLabel, ItemImage, QualityBadges, RarityBadge, rarityLabel } from '../../../components/items';
import { useCurrentUser } from '../../../queries/user';
import { deliveryText } from './delivery';
import { ItemBuyOrders } from './ItemBuyOrders';
import { ItemMarketHistory } from './ItemMarketHistory';
import { WatchPanel } from './WatchPanel';

interface ItemDetailDialogProps {
  item: MarketItem | null;
  onClose: () => void;
  onAddToCart: (item: MarketItem) => void;
  adding: boolean;
  inCart: boolean;
}

export function ItemDetailDialog({ item, onClose, onAddToCart, adding, inCart }: ItemDetailDialogProps) {
  return (
    <ModalDialog open={item !== null} onClose={onClose} size="lg" contentProps={{ overflow: 'hidden' }}>
      {item ? <ItemDetails item={item} onAddToCart={onAddToCart} adding={adding} inCart={inCart} /> : null}
    </ModalDialog>
  );
}

function ItemDetails({ item, onAddToCart, adding, inCart }: Omit<ItemDetailDialogProps, 'item' | 'onClose'> & { item: MarketItem }) {
  const floatDecimals = useBreakpointValue({ base: 4, md: 8 }) ?? 4;
  const { data: user } = useCurrentUser();
  return (
    <>
      <Dialog.Header pe="12" pb="2">
        <Stack gap="1">
          <Text fontSize="xs" color="fg.subtle" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider">
            {item.weaponType || 'Item'}
          </Text>
          <Dialog.Title fontSize="xl" lineHeight="short">
            {item.name}
          </Dialog.Title>
        </Stack>
      </Dialog.Header>
      <Dialog.Body>
        <Grid templateColumns={{ base: '1fr', md: 'minmax(0, 1.1fr) minmax(0, 1fr)' }} gap={{ base: '5', md: '6' }}>
          <Box borderRadius="l3" overflow="hidden" borderWidth="1px" borderColor="border" alignSelf="start">
            <ItemImage name={item.name} imageUrl={item.imageUrl} rarity={item.rarity}>
              <Box position="absolute" top="2.5" insetStart="2.5">
                <QualityBadges statTrak={item.statTrak} souvenir={item.souvenir} />
              </Box>
            </ItemImage>
          </Box>
          <Stack gap="4">
            <Box>
              <Text fontSize="xs" color="fg.subtle">
                Price
              </Text>
              <Text fontSize="3xl" fontWeight="bold" color="brand.fg" fontVariantNumeric="tabular-nums" lineHeight="1.1">
                {formatUsd(parseMoney(item.price) ?? 0n)}
              </Text>
            </Box>
            <DataList.Root orientation="horizontal" size="sm" gap="2.5">
              <Detail label="Rarity">
                {item.rarity === 'unknown' ? rarityLabel(item.rarity) : <RarityBadge rarity={item.rarity} />}
              </Detail>
              <Detail label="Condition">
                <ConditionLabel condition={item.condition} />
              </Detail>
              <Detail label="Float">
                <Text as="span" fontFamily="mono" fontVariantNumeric="tabular-nums">
                  {formatFloatValue(item.float, floatDecimals)}
                </Text>
              </Detail>
              <Detail label="Pattern">
                <Text as="span" fontFamily="mono">
                  {item.paintSeed ?? 'N/A'}
                </Text>
              </Detail>
              <Detail label="Delivery">{deliveryText(item.tradableAt, { long: true })}</Detail>
            </DataList.Root>
            {item.inspectLink ? (
              <Button asChild variant="outline" size="sm" alignSelf="start">
                <a href={item.inspectLink}>
                  <ExternalLinkIcon aria-hidden="true" />
                  Inspect in Game
                </a>
              </Button>
            ) : null}
            {user ? <WatchPanel item={item} /> : null}
          </Stack>
        </Grid>
      </Dialog.Body>
      <Dialog.Footer borderTopWidth="1px" borderColor="border" mt="2" pt="4" justifyContent="space-between" gap="3">
        <Box>
          {inCart ? (
            <HStack gap="1.5" color="green.300" fontSize="sm">
              <CircleCheckIcon aria-hidden="true" />
              <Text>In your cart</Text>
            </HStack>
          ) : null}
        </Box>
        <Button colorPalette="brand" loading={adding} loadingText="Adding..." onClick={() => onAddToCart(item)}>
          <ShoppingCartIcon aria-hidden="true" />
          Add to cart
        </Button>
      </Dialog.Footer>
      {/* Below the action, not above it: the dialog's button stays beside the item it buys, and
          clear of the toasts in the page's bottom corner. */}
      <Box px="6" pb="6">
        <ItemMarketHistory marketHashName={item.marketHashName} />
        <ItemBuyOrders marketHashName={item.marketHashName} name={item.name} />
      </Box>
    </>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="24" color="fg.muted">
        {label}
      </DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
