/**
 * The prices a seller starts from in both sell dialogs: the cheapest listing of the item on the
 * market now, the median sale of the last 7 days and the best buy order this item can fill, with
 * 'Match lowest' and 'Sell to buy order', which put that price into the price field (the payment
 * breakdown below follows it, in cents). The figures are the item dialog's (GET /api/items/…), so a
 * seller sees what buyers see; offline, the last copy kept, or nothing.
 */
import { Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { formatUsd, parseMoney } from '../../../../shared/money';
import { useBuyOrderBookQuery, usePriceHistoryQuery } from '../../queries/items';

/** The window of the median shown: a week of sales is recent enough to price by. */
const MEDIAN_DAYS = 7;

const usd = (money: string | null) => (money === null ? '—' : formatUsd(parseMoney(money) ?? 0n));

interface SuggestedPricesProps {
  marketHashName: string;
  /** The item's wear: a buy order with a float limit below it cannot buy it. */
  float: number | null;
  /** Puts a price (a two-decimal string) into the price field. */
  onPick: (price: string) => void;
  disabled?: boolean;
}

export function SuggestedPrices({ marketHashName, float, onPick, disabled = false }: SuggestedPricesProps) {
  const history = usePriceHistoryQuery(marketHashName, MEDIAN_DAYS);
  const book = useBuyOrderBookQuery(marketHashName, float);
  if (history.isError && !history.data) return null;
  const lowest = history.data?.lowestListing ?? null;
  const median = history.data?.period.median ?? null;
  const highestBid = book.data?.highest ?? null;
  return (
    <Stack as="section" aria-label="Market prices" gap="3" p="4" borderRadius="l2" borderWidth="1px" borderColor="border">
      {history.data ? (
        <HStack justify="space-between" align="flex-start" gap="3" wrap="wrap" fontSize="sm">
          <Figure label="Lowest listing" value={usd(lowest)} />
          <Figure label={`${MEDIAN_DAYS}-day median`} value={usd(median)} />
          <Figure label="Highest buy order" value={book.data || book.isError ? usd(highestBid) : null} />
        </HStack>
      ) : (
        <Skeleton h="10" borderRadius="l2" />
      )}
      <HStack gap="2" wrap="wrap">
        <Button size="xs" variant="outline" disabled={disabled || lowest === null} onClick={() => lowest !== null && onPick(lowest)}>
          Match lowest
        </Button>
        <Button size="xs" variant="outline" disabled={disabled || highestBid === null} onClick={() => highestBid !== null && onPick(highestBid)}>
          Sell to buy order
        </Button>
      </HStack>
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string | null }) {
  return (
    <Stack gap="0.5" minW="24">
      <Text color="fg.muted" fontSize="xs">
        {label}
      </Text>
      {value === null ? (
        <Skeleton h="5" w="16" />
      ) : (
        <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
          {value}
        </Text>
      )}
    </Stack>
  );
}
