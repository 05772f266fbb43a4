/**
 * Inventory (/inventory, 'Your Arsenal'): the signed-in user's CS2 items as Steam reports them, with
 * Refresh, 'Start Selling', five client-side filters (the whole inventory is already loaded) and a
 * card per item. A card opens the Sell tab; its 'List for Sale' opens the 'Sell Item' dialog with
 * the price and the fee breakdown. Visitors get 'Authentication Required'.
 *
 * Selling itself (POST /api/trade-offers) is not built yet: the dialog's 'Send Trade Offer' stays
 * disabled ('Selling opens soon') until `useSendTradeOfferMutation` in queries/tradeOffers.ts exists
 * and is passed in as `sendTradeOffer` (see SellItemDialog).
 */
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  CloseButton,
  Dialog,
  EmptyState,
  Field,
  Flex,
  Grid,
  Heading,
  HStack,
  Image,
  Input,
  InputGroup,
  Link,
  LinkBox,
  LinkOverlay,
  Portal,
  Select,
  SimpleGrid,
  Skeleton,
  SkeletonText,
  Span,
  Stack,
  Status,
  Text,
  Wrap,
  createListCollection,
} from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import {
  LuBan,
  LuExternalLink,
  LuLock,
  LuPackageOpen,
  LuRefreshCw,
  LuSearch,
  LuSearchX,
  LuShieldCheck,
  LuTag,
  LuTriangleAlert,
} from 'react-icons/lu';
import {
  CONDITIONS,
  PLATFORM_FEE_PERCENT,
  RARITIES,
  TRADE_HOLD_DAYS,
  WEAPON_TYPES,
  type Rarity,
} from '../../../shared/constants';
import { formatFloatValue } from '../../../shared/format';
import { feeCents, formatMoney, formatUsd, sellerReceivesCents } from '../../../shared/money';
import type { InventoryItem } from '../../../shared/schemas/inventory';
import { sellPriceSchema } from '../../../shared/schemas/money';
import { ApiError } from '../api/client';
import { AuthRequired } from '../components/AuthRequired';
import { toaster } from '../components/toaster';
import { rarityToken } from '../theme';
import { useBotStatusQuery, useInventoryQuery, useRefreshInventoryMutation } from '../queries/inventory';
import { useCurrentUser, type User } from '../queries/user';

const SELL_TAB_PATH = '/market/sell';
const STEAM_PRIVACY_SETTINGS_URL = 'https://steamcommunity.com/my/edit/settings';
const INVENTORY_UNAVAILABLE = 'Unable to load your Steam inventory at this time.';
const NETWORK_HINT = 'Please check your connection and try again.';
const SKELETON_CARDS = 8;
/**
 * One toast for every refresh outcome, so a new answer replaces the last instead of queueing; the
 * update merges into the shown toast, so each call sets `description`.
 */
const REFRESH_TOAST_ID = 'inventory-refresh';

// ─── Filters ────────────────────────────────────────────────────────────────────────────────────

const ALL = 'all';
type StatTrakFilter = 'all' | 'yes' | 'no';

interface InventoryFilters {
  search: string;
  weaponType: string;
  rarity: string;
  condition: string;
  statTrak: StatTrakFilter;
}

const NO_FILTERS: InventoryFilters = { search: '', weaponType: ALL, rarity: ALL, condition: ALL, statTrak: ALL };

const RARITY_LABELS: Record<Rarity, string> = {
  'consumer grade': 'Consumer Grade',
  'industrial grade': 'Industrial Grade',
  'mil-spec': 'Mil-Spec',
  restricted: 'Restricted',
  classified: 'Classified',
  covert: 'Covert',
  contraband: 'Contraband',
  unknown: 'Unknown',
};

interface FilterOption {
  label: string;
  value: string;
}

const WEAPON_OPTIONS = createListCollection<FilterOption>({
  items: [{ label: 'All Weapons', value: ALL }, ...WEAPON_TYPES.map((type) => ({ label: type, value: type }))],
});
const RARITY_OPTIONS = createListCollection<FilterOption>({
  items: [
    { label: 'All Rarities', value: ALL },
    ...RARITIES.filter((rarity) => rarity !== 'unknown').map((rarity) => ({ label: RARITY_LABELS[rarity], value: rarity })),
  ],
});
const CONDITION_OPTIONS = createListCollection<FilterOption>({
  items: [{ label: 'All Conditions', value: ALL }, ...CONDITIONS.map((condition) => ({ label: condition, value: condition }))],
});
const STATTRAK_OPTIONS = createListCollection<FilterOption>({
  items: [
    { label: 'All Items', value: 'all' },
    { label: 'StatTrak™ only', value: 'yes' },
    { label: 'No StatTrak™', value: 'no' },
  ],
});

/** Lower-cased words of a name or query; '™' dropped so "stattrak ak" finds "StatTrak™ AK-47". */
function searchWords(text: string): string[] {
  return text.toLowerCase().replace(/™/g, '').split(/\s+/).filter(Boolean);
}

function filterItems(items: InventoryItem[], filters: InventoryFilters): InventoryItem[] {
  const words = searchWords(filters.search);
  return items.filter((item) => {
    if (words.length > 0) {
      const name = item.name.toLowerCase().replace(/™/g, '');
      if (!words.every((word) => name.includes(word))) return false;
    }
    if (filters.weaponType !== ALL && item.weaponType !== filters.weaponType) return false;
    if (filters.rarity !== ALL && item.rarity !== filters.rarity) return false;
    if (filters.condition !== ALL && item.condition !== filters.condition) return false;
    if (filters.statTrak === 'yes' && !item.statTrak) return false;
    if (filters.statTrak === 'no' && item.statTrak) return false;
    return true;
  });
}

function hasActiveFilters(filters: InventoryFilters): boolean {
  return (
    filters.search.trim() !== '' ||
    filters.weaponType !== ALL ||
    filters.rarity !== ALL ||
    filters.condition !== ALL ||
    filters.statTrak !== ALL
  );
}

function itemCount(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

/** The CSS variable of a rarity's colour, for colour-mix() tints of it. */
function rarityVar(rarity: string): string {
  return `var(--chakra-colors-${rarityToken(rarity).replace('.', '-')})`;
}

function canBeListed(item: InventoryItem): boolean {
  return item.tradable && item.marketable && !item.listed;
}

// ─── Screen ─────────────────────────────────────────────────────────────────────────────────────

export default function InventoryScreen() {
  const { data: user, isPending, isError, refetch, isRefetching } = useCurrentUser();

  if (isPending) {
    return (
      <Box aria-busy="true">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em" mb={{ base: '6', md: '8' }}>
          Your Arsenal
        </Heading>
        <InventorySkeletonGrid />
      </Box>
    );
  }
  if (isError) {
    return (
      <ScreenMessage
        headingLevel="h1"
        icon={<LuTriangleAlert />}
        title="Inventory not available"
        description="We could not check your sign-in. Please try again."
        action={
          <Button colorPalette="brand" onClick={() => void refetch()} loading={isRefetching}>
            Try Again
          </Button>
        }
      />
    );
  }
  if (!user) {
    return <AuthRequired description="Please sign in with your Steam account to see your inventory and sell your skins." />;
  }
  return <InventoryView user={user} />;
}

function InventoryView({ user }: { user: User }) {
  const inventory = useInventoryQuery();
  const refresh = useRefreshInventoryMutation();
  const [filters, setFilters] = useState<InventoryFilters>(NO_FILTERS);
  const deferredFilters = useDeferredValue(filters);
  const [sellItem, setSellItem] = useState<InventoryItem | null>(null);
  const [sellOpen, setSellOpen] = useState(false);

  const items = useMemo(() => inventory.data?.items ?? [], [inventory.data]);
  const shown = useMemo(() => filterItems(items, deferredFilters), [items, deferredFilters]);
  const filtering = hasActiveFilters(filters);

  function handleFilterChange(change: Partial<InventoryFilters>) {
    setFilters((current) => ({ ...current, ...change }));
  }

  function handleClearFilters() {
    setFilters(NO_FILTERS);
  }

  function handleRefresh() {
    refresh.mutate(undefined, {
      onSuccess: (answer) => {
        toaster.create({
          id: REFRESH_TOAST_ID,
          title: 'Inventory refreshed',
          description: answer.private
            ? 'Steam reports your inventory as private.'
            : `${itemCount(answer.items.length)} loaded from Steam.`,
          type: 'success',
        });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) return; // the screen turns into 'Authentication Required'
        if (error instanceof ApiError && error.status === 429) {
          toaster.create({ id: REFRESH_TOAST_ID, title: error.detail, description: undefined, type: 'warning' });
          return;
        }
        toaster.create({
          id: REFRESH_TOAST_ID,
          title: 'Could not refresh your inventory',
          description: error instanceof ApiError ? error.detail : NETWORK_HINT,
          type: 'error',
        });
      },
    });
  }

  function handleListForSale(item: InventoryItem) {
    setSellItem(item);
    setSellOpen(true);
  }

  let content: ReactNode;
  if (inventory.isPending) {
    content = <InventorySkeletonGrid />;
  } else if (inventory.isError && !inventory.data) {
    content = (
      <ScreenMessage
        icon={<LuTriangleAlert />}
        title="Inventory not available"
        description={INVENTORY_UNAVAILABLE}
        action={
          <Button colorPalette="brand" onClick={() => void inventory.refetch()} loading={inventory.isFetching}>
            <LuRefreshCw aria-hidden="true" />
            Try Again
          </Button>
        }
      />
    );
  } else if (items.length === 0) {
    content = (
      <EmptyInventory
        isPrivate={inventory.data?.private ?? false}
        onRefresh={handleRefresh}
        refreshing={refresh.isPending}
      />
    );
  } else if (shown.length === 0) {
    content = (
      <ScreenMessage
        icon={<LuSearchX />}
        title="No items match your filters"
        description="Try another search or clear the filters to see your whole inventory."
        action={
          <Button variant="outline" onClick={handleClearFilters}>
            Clear Filters
          </Button>
        }
      />
    );
  } else {
    content = (
      <SimpleGrid
        as="ul"
        role="list"
        aria-label="Inventory items"
        listStyleType="none"
        columns={{ base: 1, sm: 2, lg: 3, xl: 4 }}
        gap={{ base: '4', md: '5' }}
      >
        {shown.map((item) => (
          <Box as="li" key={item.assetid} minW="0">
            <InventoryItemCard item={item} onListForSale={handleListForSale} />
          </Box>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Box>
      <InventoryHeader
        count={inventory.data ? items.length : null}
        fetchedAt={inventory.data?.fetchedAt}
        refreshing={refresh.isPending}
        onRefresh={handleRefresh}
      />
      {items.length > 0 ? (
        <FilterBar
          filters={filters}
          onChange={handleFilterChange}
          onClear={handleClearFilters}
          shownCount={shown.length}
          totalCount={items.length}
          filtering={filtering}
        />
      ) : null}
      {content}
      <SellItemDialog
        item={sellItem}
        open={sellOpen}
        onOpenChange={setSellOpen}
        tradeUrl={user.tradeUrl}
        // Selling opens with POST /api/trade-offers: pass useSendTradeOfferMutation's mutate here.
        sendTradeOffer={undefined}
      />
    </Box>
  );
}

// ─── Header ─────────────────────────────────────────────────────────────────────────────────────

interface InventoryHeaderProps {
  /** Items in the inventory; null while it loads or when it failed to load. */
  count: number | null;
  fetchedAt: string | undefined;
  refreshing: boolean;
  onRefresh: () => void;
}

function formatSyncTime(iso: string | undefined): string | null {
  if (!iso) return null;
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return null;
  return time.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}

function InventoryHeader({ count, fetchedAt, refreshing, onRefresh }: InventoryHeaderProps) {
  const syncedAt = formatSyncTime(fetchedAt);
  // The button is disabled while refreshing and loses focus; give it back afterwards unless
  // something else took it, so keyboard users stay where they were.
  const refreshButtonRef = useRef<HTMLButtonElement>(null);
  const wasRefreshing = useRef(false);
  useEffect(() => {
    const focusLost = !document.activeElement || document.activeElement === document.body;
    if (wasRefreshing.current && !refreshing && focusLost) refreshButtonRef.current?.focus();
    wasRefreshing.current = refreshing;
  }, [refreshing]);
  return (
    <Flex
      direction={{ base: 'column', md: 'row' }}
      align={{ base: 'stretch', md: 'flex-end' }}
      justify="space-between"
      gap={{ base: '4', md: '6' }}
      mb={{ base: '6', md: '8' }}
    >
      <Box minW="0">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} fontWeight="bold" letterSpacing="-0.02em">
          Your Arsenal
        </Heading>
        <Text mt="2" color="fg.muted" fontSize={{ base: 'md', md: 'lg' }} aria-live="polite">
          {count === null ? (
            'Your CS2 items from Steam'
          ) : (
            <>
              <Span color="fg" fontWeight="semibold">
                {itemCount(count)}
              </Span>{' '}
              in your Steam inventory
            </>
          )}
        </Text>
        <Wrap mt="2" gap="3" align="center" fontSize="sm" color="fg.subtle">
          <BotStatusIndicator />
          {syncedAt ? <Text>Synced with Steam at {syncedAt}</Text> : null}
        </Wrap>
      </Box>
      <HStack gap="3" flexShrink={0}>
        <Button
          variant="outline"
          borderColor="border.emphasized"
          ref={refreshButtonRef}
          onClick={onRefresh}
          loading={refreshing}
          loadingText="Refreshing..."
          flex={{ base: '1', md: 'initial' }}
        >
          <LuRefreshCw aria-hidden="true" />
          Refresh
        </Button>
        <Button asChild colorPalette="brand" flex={{ base: '1', md: 'initial' }}>
          <RouterLink to={SELL_TAB_PATH}>
            <LuTag aria-hidden="true" />
            Start Selling
          </RouterLink>
        </Button>
      </HStack>
    </Flex>
  );
}

/** The trade bot's availability, polled every 30 s; hidden until the first answer. */
function BotStatusIndicator() {
  const { data } = useBotStatusQuery();
  if (!data) return null;
  return (
    <Status.Root size="sm" colorPalette={data.online ? 'green' : 'red'} color="fg.muted">
      <Status.Indicator />
      {data.online ? 'Trade bot online' : 'Trade bot offline'}
    </Status.Root>
  );
}

// ─── Filter bar ─────────────────────────────────────────────────────────────────────────────────

interface FilterBarProps {
  filters: InventoryFilters;
  onChange: (change: Partial<InventoryFilters>) => void;
  onClear: () => void;
  shownCount: number;
  totalCount: number;
  filtering: boolean;
}

function FilterBar({ filters, onChange, onClear, shownCount, totalCount, filtering }: FilterBarProps) {
  return (
    <Box
      as="section"
      aria-label="Filters"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      borderRadius="l3"
      p={{ base: '4', md: '5' }}
      mb={{ base: '5', md: '6' }}
    >
      <Grid
        templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', lg: 'minmax(0, 2fr) repeat(4, minmax(0, 1fr))' }}
        gap="3"
        alignItems="end"
      >
        <Field.Root gridColumn={{ base: 'span 2', lg: 'auto' }}>
          <Field.Label fontSize="xs" color="fg.muted" fontWeight="semibold">
            Search
          </Field.Label>
          <InputGroup startElement={<LuSearch aria-hidden="true" />}>
            <Input
              type="search"
              size="sm"
              value={filters.search}
              onChange={(event) => onChange({ search: event.target.value })}
              placeholder="Search items..."
              aria-label="Search items"
              autoComplete="off"
              spellCheck={false}
            />
          </InputGroup>
        </Field.Root>
        <FilterSelect
          label="Weapon Type"
          collection={WEAPON_OPTIONS}
          value={filters.weaponType}
          onChange={(weaponType) => onChange({ weaponType })}
        />
        <FilterSelect
          label="Rarity"
          collection={RARITY_OPTIONS}
          value={filters.rarity}
          onChange={(rarity) => onChange({ rarity })}
          renderDot={(value) => (value === ALL ? null : <RarityDot rarity={value} />)}
        />
        <FilterSelect
          label="Condition"
          collection={CONDITION_OPTIONS}
          value={filters.condition}
          onChange={(condition) => onChange({ condition })}
        />
        <FilterSelect
          label="StatTrak™"
          collection={STATTRAK_OPTIONS}
          value={filters.statTrak}
          onChange={(statTrak) => onChange({ statTrak: statTrak as StatTrakFilter })}
        />
      </Grid>
      <Flex mt="3" minH="8" align="center" justify="space-between" gap="3" wrap="wrap">
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {filtering ? `Showing ${shownCount} of ${itemCount(totalCount)}` : `Showing all ${itemCount(totalCount)}`}
        </Text>
        {filtering ? (
          <Button size="xs" variant="ghost" colorPalette="brand" onClick={onClear}>
            Clear Filters
          </Button>
        ) : null}
      </Flex>
    </Box>
  );
}

interface FilterSelectProps {
  label: string;
  collection: ReturnType<typeof createListCollection<FilterOption>>;
  value: string;
  onChange: (value: string) => void;
  /** A colour mark before an option (the rarity colours). */
  renderDot?: (value: string) => ReactNode;
}

function FilterSelect({ label, collection, value, onChange, renderDot }: FilterSelectProps) {
  return (
    <Select.Root
      collection={collection}
      value={[value]}
      onValueChange={(details) => onChange(details.value[0] ?? ALL)}
      size="sm"
      positioning={{ sameWidth: false, placement: 'bottom-start' }}
      minW="0"
    >
      <Select.Label fontSize="xs" color="fg.muted" fontWeight="semibold">
        {label}
      </Select.Label>
      <Select.Control>
        <Select.Trigger
          bg={value === ALL ? undefined : 'brand.subtle'}
          borderColor={value === ALL ? undefined : 'brand.muted'}
        >
          <HStack gap="2" minW="0" flex="1">
            {renderDot?.(value)}
            <Select.ValueText truncate />
          </HStack>
        </Select.Trigger>
        <Select.IndicatorGroup>
          <Select.Indicator />
        </Select.IndicatorGroup>
      </Select.Control>
      <Portal>
        <Select.Positioner>
          <Select.Content bg="bg.panel" borderWidth="1px" borderColor="border.emphasized" minW="44">
            {collection.items.map((option) => (
              <Select.Item item={option} key={option.value}>
                <HStack gap="2">
                  {renderDot?.(option.value)}
                  <Select.ItemText>{option.label}</Select.ItemText>
                </HStack>
                <Select.ItemIndicator />
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Positioner>
      </Portal>
    </Select.Root>
  );
}

function RarityDot({ rarity }: { rarity: string }) {
  return <Box as="span" boxSize="2.5" borderRadius="full" bg={rarityToken(rarity)} flexShrink={0} aria-hidden="true" />;
}

// ─── Item cards ─────────────────────────────────────────────────────────────────────────────────

function RarityBadge({ rarity }: { rarity: Rarity }) {
  if (rarity === 'unknown') return null;
  const colour = rarityVar(rarity);
  return (
    <Badge
      size="sm"
      gap="1.5"
      css={{
        // Tints of the game's colour: the pure colours are too dark for small text on the panel.
        color: `color-mix(in srgb, ${colour} 62%, white)`,
        background: `color-mix(in srgb, ${colour} 16%, transparent)`,
        boxShadow: `inset 0 0 0 1px color-mix(in srgb, ${colour} 45%, transparent)`,
      }}
    >
      <RarityDot rarity={rarity} />
      {RARITY_LABELS[rarity]}
    </Badge>
  );
}

/** Wear on the game's scale 0 (Factory New, green) to 1 (Battle-Scarred, red), with the value. */
function FloatMeter({ float }: { float: number | null }) {
  const known = float !== null && Number.isFinite(float);
  return (
    <Box>
      <Flex justify="space-between" fontSize="xs">
        <Text color="fg.subtle">Float</Text>
        <Text fontFamily="mono" color={known ? 'fg' : 'fg.subtle'} fontVariantNumeric="tabular-nums">
          {formatFloatValue(float)}
        </Text>
      </Flex>
      <Box
        position="relative"
        h="1"
        mt="1.5"
        borderRadius="full"
        bgGradient="to-r"
        gradientFrom="green.500"
        gradientVia="yellow.400"
        gradientTo="red.500"
        opacity={known ? 0.85 : 0.2}
        aria-hidden="true"
      >
        {known ? (
          <Box
            position="absolute"
            top="-1"
            left={`${Math.min(100, Math.max(0, float * 100))}%`}
            w="1"
            h="3"
            transform="translateX(-50%)"
            borderRadius="full"
            bg="white"
            shadow="sm"
          />
        ) : null}
      </Box>
    </Box>
  );
}

/** The item's picture on a glow of its rarity colour; a failed image shows the name instead. */
function ItemImage({ item }: { item: InventoryItem }) {
  const [failed, setFailed] = useState(false);
  const colour = rarityVar(item.rarity);
  return (
    <Box
      position="relative"
      aspectRatio={{ base: '16 / 9', sm: '4 / 3' }}
      borderBottomWidth="3px"
      css={{
        borderBottomColor: colour,
        background: `radial-gradient(ellipse at 50% 60%, color-mix(in srgb, ${colour} 24%, transparent), transparent 70%), var(--chakra-colors-bg-subtle)`,
      }}
    >
      {failed || !item.imageUrl ? (
        <Center h="full" px="6" textAlign="center" aria-hidden="true">
          <Text fontSize="sm" fontWeight="semibold" color="fg.muted" lineClamp={3}>
            {item.name}
          </Text>
        </Center>
      ) : (
        <Image
          src={item.imageUrl}
          alt=""
          loading="lazy"
          decoding="async"
          // Out of the flow, so the picture's own size never stretches the box's aspect ratio.
          position="absolute"
          inset="0"
          w="full"
          h="full"
          objectFit="contain"
          p={{ base: '4', md: '5' }}
          filter="drop-shadow(0 10px 14px rgba(0, 0, 0, 0.45))"
          onError={() => setFailed(true)}
        />
      )}
      <HStack position="absolute" top="2.5" insetStart="2.5" gap="1.5">
        {item.statTrak ? (
          <Badge size="sm" variant="solid" colorPalette="orange" fontWeight="bold">
            StatTrak™
          </Badge>
        ) : null}
        {item.souvenir ? (
          <Badge size="sm" variant="solid" colorPalette="yellow" fontWeight="bold">
            Souvenir
          </Badge>
        ) : null}
      </HStack>
      {item.listed ? (
        <Badge position="absolute" top="2.5" insetEnd="2.5" size="sm" variant="solid" colorPalette="purple" gap="1">
          <LuTag aria-hidden="true" />
          Listed
        </Badge>
      ) : null}
    </Box>
  );
}

interface InventoryItemCardProps {
  item: InventoryItem;
  onListForSale: (item: InventoryItem) => void;
}

function InventoryItemCard({ item, onListForSale }: InventoryItemCardProps) {
  const nameId = useId();
  const listable = canBeListed(item);
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
      _hover={{ borderColor: 'border.emphasized', transform: 'translateY(-2px)', shadow: 'lg' }}
      css={{
        '&:has(a:focus-visible)': { outline: '2px solid', outlineColor: 'brand.400', outlineOffset: '2px' },
        '@media (prefers-reduced-motion: reduce)': { transition: 'none', '&:hover': { transform: 'none' } },
      }}
    >
      <ItemImage item={item} />
      <Stack gap="3" p="4" flex="1">
        <Box minW="0">
          <Text fontSize="xs" color="fg.subtle" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider">
            {item.weaponType || 'Item'}
          </Text>
          <Heading as="h3" id={nameId} size="sm" lineHeight="short" lineClamp={2} title={item.name} mt="0.5">
            <LinkOverlay asChild _focusVisible={{ outline: 'none' }}>
              <RouterLink to={SELL_TAB_PATH} state={{ assetid: item.assetid }}>
                {item.name}
              </RouterLink>
            </LinkOverlay>
          </Heading>
        </Box>
        <Wrap gap="2" align="center">
          <RarityBadge rarity={item.rarity} />
          <Text fontSize="sm" color="fg.muted">
            {item.condition ?? 'No wear'}
          </Text>
        </Wrap>
        <FloatMeter float={item.float} />
        {!item.tradable || !item.marketable ? (
          <Wrap gap="1.5">
            {!item.tradable ? (
              <Badge size="sm" variant="surface" colorPalette="red" gap="1">
                <LuLock aria-hidden="true" />
                Not tradable
              </Badge>
            ) : null}
            {!item.marketable ? (
              <Badge size="sm" variant="surface" colorPalette="gray" gap="1">
                <LuBan aria-hidden="true" />
                Not marketable
              </Badge>
            ) : null}
          </Wrap>
        ) : null}
      </Stack>
      <Box px="4" pb="4">
        <Button
          w="full"
          size="sm"
          colorPalette="brand"
          variant={listable ? 'solid' : 'subtle'}
          disabled={!listable}
          onClick={() => onListForSale(item)}
          position="relative"
          zIndex="1"
        >
          <LuTag aria-hidden="true" />
          List for Sale
        </Button>
      </Box>
    </LinkBox>
  );
}

function InventorySkeletonGrid() {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap={{ base: '4', md: '5' }} aria-hidden="true">
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        <Card.Root key={index} bg="bg.panel" borderColor="border" overflow="hidden">
          <Skeleton aspectRatio={{ base: '16 / 9', sm: '4 / 3' }} borderRadius="0" />
          <Card.Body gap="3" p="4">
            <Skeleton h="3" w="16" />
            <SkeletonText noOfLines={2} gap="2" />
            <HStack>
              <Skeleton h="5" w="20" borderRadius="full" />
              <Skeleton h="4" w="24" />
            </HStack>
            <Skeleton h="4" />
            <Skeleton h="8" mt="2" borderRadius="l2" />
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

// ─── Empty states ───────────────────────────────────────────────────────────────────────────────

interface ScreenMessageProps {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  action?: ReactNode;
  headingLevel?: 'h1' | 'h2';
}

function ScreenMessage({ icon, title, description, action, headingLevel = 'h2' }: ScreenMessageProps) {
  return (
    <EmptyState.Root
      role="region"
      aria-label={title}
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      borderRadius="l3"
      borderStyle="dashed"
    >
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

function EmptyInventory({ isPrivate, onRefresh, refreshing }: { isPrivate: boolean; onRefresh: () => void; refreshing: boolean }) {
  const refreshButton = (
    <Button variant="outline" onClick={onRefresh} loading={refreshing} loadingText="Refreshing...">
      <LuRefreshCw aria-hidden="true" />
      Refresh
    </Button>
  );
  if (isPrivate) {
    return (
      <ScreenMessage
        icon={<LuLock />}
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
                <LuExternalLink aria-hidden="true" />
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
      icon={<LuPackageOpen />}
      title="No items found"
      description="Your Steam inventory is empty or private. CS2 items you own appear here; if you just received some, refresh your inventory."
      action={refreshButton}
    />
  );
}

// ─── Sell Item dialog ───────────────────────────────────────────────────────────────────────────

/** POST /api/trade-offers' body (DESIGN.md section 4): the server takes everything else from Steam. */
interface TradeOfferRequest {
  items: Array<{ assetid: string; price: string }>;
  tradeUrl: string;
}

interface SellItemDialogProps {
  /** The item to sell; kept while the dialog animates closed. */
  item: InventoryItem | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The user's saved trade URL; selling needs one. */
  tradeUrl: string;
  /** Sends the offer; undefined until selling exists, which disables 'Send Trade Offer'. */
  sendTradeOffer: ((request: TradeOfferRequest) => void) | undefined;
  sending?: boolean;
}

function SellItemDialog({ item, open, onOpenChange, tradeUrl, sendTradeOffer, sending = false }: SellItemDialogProps) {
  return (
    <Dialog.Root
      open={open && item !== null}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="center"
      motionPreset="slide-in-bottom"
      size="md"
      closeOnInteractOutside={!sending}
      closeOnEscape={!sending}
    >
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.700" backdropFilter="blur(2px)" />
        <Dialog.Positioner>
          <Dialog.Content bg="bg.panel" borderWidth={{ sm: '1px' }} borderColor="border.emphasized">
            {item ? (
              <SellItemForm item={item} tradeUrl={tradeUrl} sendTradeOffer={sendTradeOffer} sending={sending} />
            ) : null}
            <Dialog.CloseTrigger asChild disabled={sending}>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function BreakdownRow({ label, value, emphasized = false }: { label: string; value: string; emphasized?: boolean }) {
  return (
    <Flex justify="space-between" align="baseline" gap="4">
      <Text color={emphasized ? 'fg' : 'fg.muted'} fontWeight={emphasized ? 'semibold' : 'normal'}>
        {label}
      </Text>
      <Text
        fontVariantNumeric="tabular-nums"
        fontWeight={emphasized ? 'bold' : 'medium'}
        fontSize={emphasized ? 'lg' : 'md'}
        color={emphasized ? 'brand.fg' : 'fg'}
      >
        {value}
      </Text>
    </Flex>
  );
}

type SellItemFormProps = Omit<SellItemDialogProps, 'item' | 'open' | 'onOpenChange'> & { item: InventoryItem };

function SellItemForm({ item, tradeUrl, sendTradeOffer, sending = false }: SellItemFormProps) {
  const [price, setPrice] = useState('');
  const [touched, setTouched] = useState(false);
  const helperId = useId();

  const parsed = sellPriceSchema.safeParse(price);
  const priceCents = parsed.success ? parsed.data : null;
  const priceError = touched && !parsed.success ? (parsed.error.issues[0]?.message ?? 'Please enter a valid price') : undefined;
  const fee = priceCents === null ? null : feeCents(priceCents);
  const receives = priceCents === null ? null : sellerReceivesCents(priceCents);

  const missingAsset = !item.assetid;
  const sellingOpen = sendTradeOffer !== undefined;
  const canSend = sellingOpen && !missingAsset && Boolean(tradeUrl) && priceCents !== null && !sending;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (!canSend || priceCents === null || !sendTradeOffer) return;
    sendTradeOffer({ items: [{ assetid: item.assetid, price: formatMoney(priceCents) }], tradeUrl });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Dialog.Header pe="12">
        <Dialog.Title>Sell Item</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="5">
          <HStack gap="4" p="3" bg="bg.muted" borderRadius="l2" borderWidth="1px" borderColor="border" align="center">
            <Box
              boxSize="16"
              flexShrink={0}
              borderRadius="l2"
              overflow="hidden"
              css={{
                background: `radial-gradient(circle, color-mix(in srgb, ${rarityVar(item.rarity)} 30%, transparent), transparent 70%)`,
              }}
            >
              {item.imageUrl ? <Image src={item.imageUrl} alt="" w="full" h="full" objectFit="contain" p="1" /> : null}
            </Box>
            <Box minW="0">
              <Text fontWeight="semibold" lineClamp={2}>
                {item.name}
              </Text>
              <Wrap gap="2" mt="1" align="center">
                <RarityBadge rarity={item.rarity} />
                <Text fontSize="sm" color="fg.muted">
                  {item.condition ?? 'No wear'} · Float {formatFloatValue(item.float)}
                </Text>
              </Wrap>
            </Box>
          </HStack>

          {missingAsset ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>This item cannot be traded. Please refresh your inventory and try again.</Alert.Title>
            </Alert.Root>
          ) : null}

          <Field.Root invalid={Boolean(priceError)} required>
            <Field.Label>
              Your Price (USD)
              <Field.RequiredIndicator />
            </Field.Label>
            <InputGroup startElement="$">
              <Input
                type="number"
                inputMode="decimal"
                step="0.01"
                min="0"
                value={price}
                onChange={(event) => setPrice(event.target.value)}
                onBlur={() => setTouched(true)}
                placeholder="0.00"
                fontVariantNumeric="tabular-nums"
                autoFocus
              />
            </InputGroup>
            <Field.ErrorText>{priceError}</Field.ErrorText>
          </Field.Root>

          <Stack
            as="section"
            aria-label="Payment breakdown"
            gap="2"
            p="4"
            borderRadius="l2"
            borderWidth="1px"
            borderColor="border"
            bg="bg.subtle"
          >
            <BreakdownRow label="Sell Price" value={priceCents === null ? '—' : formatUsd(priceCents)} />
            <BreakdownRow label={`Platform Fee (${PLATFORM_FEE_PERCENT}%)`} value={fee === null ? '—' : `-${formatUsd(fee)}`} />
            <Box borderTopWidth="1px" borderColor="border" my="1" />
            <BreakdownRow label="You Receive" value={receives === null ? '—' : formatUsd(receives)} emphasized />
          </Stack>

          <HStack gap="3" align="flex-start" fontSize="sm" color="fg.muted">
            <Box as="span" color="brand.fg" mt="0.5" flexShrink={0}>
              <LuShieldCheck aria-hidden="true" />
            </Box>
            <Text>
              Our trade bot sends you a Steam trade offer for this item. Once you accept it, Steam's{' '}
              <Span whiteSpace="nowrap">{TRADE_HOLD_DAYS}-day</Span> trade protection applies; the sale is paid to your
              balance after the hold.
            </Text>
          </HStack>

          {!tradeUrl ? (
            <Alert.Root status="warning" variant="subtle">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Add your Steam trade URL first</Alert.Title>
                <Alert.Description>
                  The bot needs it to send you the offer.{' '}
                  <Link asChild color="brand.fg" fontWeight="medium">
                    <RouterLink to="/profile">Add it in your profile</RouterLink>
                  </Link>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer
        flexDirection={{ base: 'column', sm: 'row' }}
        alignItems={{ base: 'stretch', sm: 'center' }}
        gap="3"
      >
        {sellingOpen ? null : (
          <Text
            id={helperId}
            flex="1"
            order={{ base: 2, sm: 0 }}
            fontSize="sm"
            color="fg.subtle"
            textAlign={{ base: 'center', sm: 'start' }}
          >
            Selling opens soon
          </Text>
        )}
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" borderColor="border.emphasized" disabled={sending} order={{ base: 3, sm: 1 }}>
            Cancel
          </Button>
        </Dialog.ActionTrigger>
        <Button
          type="submit"
          colorPalette="brand"
          disabled={!canSend}
          loading={sending}
          aria-describedby={sellingOpen ? undefined : helperId}
          order={{ base: 1, sm: 2 }}
        >
          Send Trade Offer
        </Button>
      </Dialog.Footer>
    </form>
  );
}
