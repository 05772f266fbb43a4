/**
 * The landing stats row: Active Traders, Daily Volume, Skins Available, Success Rate from
 * GET /api/market-stats, shown only once they have loaded. Counts are abbreviated (1.2K, 3.4M).
 * Like the featured cards, they render in a background pass (`useDeferredValue`), not as part of
 * the data's arrival.
 */
import { useDeferredValue } from 'react';
import { Box, Icon, SimpleGrid, Text } from '@chakra-ui/react';
import { BadgeCheckIcon, PackageIcon, TrendingUpIcon, UsersIcon } from 'lucide-react';
import { abbreviateCount } from '../../../../shared/format';
import { useMarketStatsQuery } from '../../queries/market';
import { cardStyle } from './Section';

export function StatsRow() {
  const stats = useDeferredValue(useMarketStatsQuery().data);
  if (!stats) return null;
  const entries = [
    { label: 'Active Traders', value: abbreviateCount(stats.totalTraders), icon: UsersIcon },
    { label: 'Daily Volume', value: stats.dailyVolume, icon: TrendingUpIcon },
    { label: 'Skins Available', value: abbreviateCount(stats.totalSkins), icon: PackageIcon },
    { label: 'Success Rate', value: stats.successRate, icon: BadgeCheckIcon },
  ];
  return (
    <SimpleGrid
      as="dl"
      aria-label="Market stats"
      columns={{ base: 2, md: 4 }}
      gap={{ base: '3', md: '4' }}
      animationName="fade-in"
      animationDuration="moderate"
    >
      {entries.map((entry) => (
        // A dl group: the term (label) comes first in the markup, the value is shown above it.
        <Box key={entry.label} {...cardStyle} p={{ base: '4', md: '5' }} display="flex" flexDirection="column" alignItems="center">
          <Icon as={entry.icon} boxSize="5" color="brand.fg" mb="2" aria-hidden="true" />
          <Text as="dt" order={2} fontSize="sm" color="fg.muted" mt="0.5">
            {entry.label}
          </Text>
          <Text as="dd" order={1} fontSize={{ base: 'xl', md: '3xl' }} fontWeight="bold" fontVariantNumeric="tabular-nums" letterSpacing="-0.02em">
            {entry.value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}
