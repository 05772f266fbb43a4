/**
 * The item dialog's market history for the item's market hash name: the price chart over 7, 30 or
 * 90 days or a year, with its summary as the chart's caption (what a screen reader hears for it),
 * the last sale and the cheapest listing, and the latest sales (price, float, how long ago). Offline,
 * the last copies kept (offline/publicCache.ts) show, marked as such.
 */
import { Box, Button, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { formatDateTime, formatFloatValue } from '../../../../../shared/format';
import { DEFAULT_PRICE_HISTORY_DAYS, PRICE_HISTORY_DAYS, type PriceHistoryDays } from '../../../../../shared/constants';
import { formatUsd, parseMoney } from '../../../../../shared/money';
import { Table } from '@chakra-ui/react';
import { useApiUnreachable } from '../../../offline/reachability';
import { DIALOG_SALES_LIMIT, usePriceHistoryQuery, useRecentSalesQuery } from '../../../queries/items';
import { CHART_HEIGHT_PX, historySummary, PERIOD_LABELS, timeAgo } from './priceHistory';

const PriceChart = lazy(() => import('./PriceChart').then((module) => ({ default: module.PriceChart })));

const usd = (money: string) => formatUsd(parseMoney(money) ?? 0n);
const chartBox = { h: `${CHART_HEIGHT_PX}px`, w: 'full', borderRadius: 'l2' } as const;

export function ItemMarketHistory({ marketHashName }: { marketHashName: string }) {
  const [days, setDays] = useState<PriceHistoryDays>(DEFAULT_PRICE_HISTORY_DAYS);
  const history = usePriceHistoryQuery(marketHashName, days);
  const sales = useRecentSalesQuery(marketHashName);
  const unreachable = useApiUnreachable();
  // Read once as the dialog opens: "how long ago" need not tick while it is open.
  const [now] = useState(() => Date.now());
  const shown = history.data;

  return (
    <Stack as="section" aria-labelledby="price-history-heading" gap="3" mt="6" pt="5" borderTopWidth="1px" borderColor="border">
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Heading as="h3" size="sm" id="price-history-heading">
          Price history
        </Heading>
        <HStack role="group" aria-label="Period" gap="1">
          {PRICE_HISTORY_DAYS.map((period) => (
            <Button
              key={period}
              size="xs"
              variant={period === days ? 'solid' : 'ghost'}
              colorPalette={period === days ? 'brand' : 'gray'}
              aria-pressed={period === days}
              aria-label={PERIOD_LABELS[period].long}
              onClick={() => setDays(period)}
            >
              {PERIOD_LABELS[period].short}
            </Button>
          ))}
        </HStack>
      </HStack>
      {unreachable && shown ? (
        <Text fontSize="xs" color="orange.200" role="status">
          Offline: last updated {formatDateTime(new Date(history.dataUpdatedAt).toISOString())}
        </Text>
      ) : null}
      <Box as="figure" m="0" opacity={history.isPlaceholderData ? 0.6 : 1} transition="opacity 0.2s">
        {shown && shown.points.length > 0 ? (
          <Suspense fallback={<Skeleton {...chartBox} />}>
            <PriceChart points={shown.points} />
          </Suspense>
        ) : shown ? null : history.isError ? (
          <Text color="fg.muted" fontSize="sm">
            The price history could not be loaded.
          </Text>
        ) : (
          <Skeleton {...chartBox} />
        )}
        {shown ? (
          <Text as="figcaption" fontSize="sm" color="fg.muted" mt="2">
            {historySummary(shown.period, days)}
          </Text>
        ) : null}
      </Box>
      {shown && (shown.lastSale !== null || shown.lowestListing !== null) ? (
        <HStack columnGap="6" rowGap="1" fontSize="sm" wrap="wrap">
          {shown.lastSale !== null ? <Figure label="Last sale" value={usd(shown.lastSale)} /> : null}
          {shown.lowestListing !== null ? <Figure label="Lowest listing" value={usd(shown.lowestListing)} /> : null}
        </HStack>
      ) : null}

      <Heading as="h3" size="sm" mt="2">
        Last sales
      </Heading>
      {sales.data ? (
        sales.data.sales.length > 0 ? (
          // Transparent: the rows sit on the dialog's panel, not on the page's darker background.
          <Table.Root size="sm" variant="line" bg="transparent" css={{ '& tr': { bg: 'transparent' } }}>
            <Table.Caption srOnly>The latest {DIALOG_SALES_LIMIT} sales of {marketHashName}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Price</Table.ColumnHeader>
                <Table.ColumnHeader>Float</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Sold</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {sales.data.sales.map((sale, index) => (
                <Table.Row key={`${sale.soldAt}-${index}`}>
                  <Table.Cell fontWeight="semibold" fontVariantNumeric="tabular-nums">
                    {usd(sale.price)}
                  </Table.Cell>
                  <Table.Cell fontFamily="mono" fontVariantNumeric="tabular-nums" color="fg.muted">
                    {formatFloatValue(sale.float, 4)}
                  </Table.Cell>
                  <Table.Cell textAlign="end" color="fg.muted">
                    <time dateTime={sale.soldAt} title={formatDateTime(sale.soldAt)}>
                      {timeAgo(sale.soldAt, now)}
                    </time>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        ) : (
          <Text color="fg.muted" fontSize="sm">
            No sales yet
          </Text>
        )
      ) : sales.isError ? (
        <Text color="fg.muted" fontSize="sm">
          The latest sales could not be loaded.
        </Text>
      ) : (
        <Skeleton h="24" w="full" borderRadius="l2" />
      )}
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Text as="span" color="fg.muted">
        {label}{' '}
      </Text>
      <Text as="span" fontWeight="semibold" fontVariantNumeric="tabular-nums">
        {value}
      </Text>
    </Box>
  );
}
