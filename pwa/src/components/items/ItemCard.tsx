/**
 * The one item card of the PWA: the Inventory grid, the Sell tab's grid and the market's Buy grid
 * all show items with it. It draws the picture (placeholder on error), StatTrak™/Souvenir badges,
 * weapon type, name, rarity badge, condition and float meter; the screen supplies the price, extra
 * details and the actions. With `link` or `onOpen` the whole card is clickable (the name is the
 * accessible link or button); actions stay clickable above it.
 */
import { useId, type ReactNode } from 'react';
import { Box, Heading, LinkBox, LinkOverlay, Stack, Text, Wrap, chakra } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { formatUsd, parseMoney } from '../../../../shared/money';
import { FloatMeter } from './FloatMeter';
import { ConditionLabel, QualityBadges } from './ItemBadges';
import { ItemImage } from './ItemImage';
import { RarityBadge } from './RarityBadge';

/** What a card shows of an item; inventory items and market items both fit it. */
export interface ItemCardItem {
  name: string;
  imageUrl: string | null | undefined;
  rarity: string;
  condition: string | null;
  /** Wear float; 'N/A' when absent. */
  float: number | string | null | undefined;
  statTrak?: boolean;
  souvenir?: boolean;
  /** 'Rifle', 'Knife' …; shown above the name when known. */
  weaponType?: string;
}

export interface ItemCardProps {
  item: ItemCardItem;
  /** Makes the card a link to this route (with optional router state). */
  link?: { to: string; state?: unknown };
  /** Makes the card a button (e.g. the market's detail dialog); ignored when `link` is given. */
  onOpen?: () => void;
  /** The price line, e.g. <ItemPrice amount="12.34" />. */
  price?: ReactNode;
  /** Extra lines under the float (e.g. <TradabilityBadges />). */
  details?: ReactNode;
  /** A badge in the picture's top-right corner (e.g. 'Listed'); position is handled here. */
  cornerBadge?: ReactNode;
  /** Buttons at the bottom of the card ('List for Sale', 'Set Price', 'Add to cart'). */
  actions?: ReactNode;
  /** The name's heading level in the page outline; h3 by default (grids sit under an h2). */
  headingLevel?: 'h2' | 'h3' | 'h4';
  /** The card is in the first screenful: its picture loads at once, ahead of the rest. */
  priority?: boolean;
}

/** A two-decimal API amount as the card's price ('$1,234.50'); unreadable amounts show '—'. */
export function ItemPrice({ amount, label }: { amount: string; label?: string }) {
  const cents = parseMoney(amount);
  return (
    <Box>
      {label ? (
        <Text fontSize="xs" color="fg.subtle">
          {label}
        </Text>
      ) : null}
      <Text fontSize="lg" fontWeight="bold" color="brand.fg" fontVariantNumeric="tabular-nums">
        {cents === null ? '—' : formatUsd(cents)}
      </Text>
    </Box>
  );
}

const OverlayButton = chakra('button', {
  base: { textAlign: 'start', cursor: 'pointer', font: 'inherit', color: 'inherit', _focusVisible: { outline: 'none' } },
});

function CardName({ item, link, onOpen }: Pick<ItemCardProps, 'item' | 'link' | 'onOpen'>) {
  if (link) {
    return (
      <LinkOverlay asChild _focusVisible={{ outline: 'none' }}>
        <RouterLink to={link.to} state={link.state}>
          {item.name}
        </RouterLink>
      </LinkOverlay>
    );
  }
  if (onOpen) {
    return (
      <LinkOverlay asChild>
        <OverlayButton type="button" onClick={onOpen}>
          {item.name}
        </OverlayButton>
      </LinkOverlay>
    );
  }
  return <>{item.name}</>;
}

export function ItemCard({ item, link, onOpen, price, details, cornerBadge, actions, headingLevel = 'h3', priority = false }: ItemCardProps) {
  const nameId = useId();
  const clickable = Boolean(link || onOpen);
  return (
    <LinkBox
      as="article"
      aria-labelledby={nameId}
      h="full"
      display="flex"
      flexDirection="column"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      borderRadius="l3"
      overflow="hidden"
      transition="border-color 150ms, transform 150ms, box-shadow 150ms"
      _hover={clickable ? { borderColor: 'border.emphasized', transform: 'translateY(-2px)', shadow: 'lg' } : undefined}
      css={{
        '&:has(a:focus-visible, button:focus-visible)': { outline: '2px solid', outlineColor: 'brand.400', outlineOffset: '2px' },
        '@media (prefers-reduced-motion: reduce)': { transition: 'none', '&:hover': { transform: 'none' } },
      }}
    >
      <ItemImage name={item.name} imageUrl={item.imageUrl} rarity={item.rarity} priority={priority}>
        <Box position="absolute" top="2.5" insetStart="2.5">
          <QualityBadges statTrak={item.statTrak} souvenir={item.souvenir} />
        </Box>
        {cornerBadge ? (
          <Box position="absolute" top="2.5" insetEnd="2.5">
            {cornerBadge}
          </Box>
        ) : null}
      </ItemImage>
      <Stack gap="3" p="4" flex="1">
        <Box minW="0">
          <Text fontSize="xs" color="fg.subtle" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider">
            {item.weaponType || 'Item'}
          </Text>
          <Heading as={headingLevel} id={nameId} size="sm" lineHeight="short" lineClamp={2} title={item.name} mt="0.5">
            <CardName item={item} link={link} onOpen={onOpen} />
          </Heading>
        </Box>
        <Wrap gap="2" align="center">
          <RarityBadge rarity={item.rarity} />
          <ConditionLabel condition={item.condition} />
        </Wrap>
        <FloatMeter float={item.float} />
        {details}
        {price ? <Box mt="auto">{price}</Box> : null}
      </Stack>
      {actions ? (
        // Above the card's link overlay, so the buttons get their own clicks.
        <Box px="4" pb="4" position="relative" zIndex="1">
          {actions}
        </Box>
      ) : null}
    </LinkBox>
  );
}
