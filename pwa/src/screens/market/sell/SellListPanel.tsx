/**
 * The Sell List panel of the Sell tab: the priced items, each with a remove control, the
 * total value and what the seller receives after fees, and 'Put Up For Sale', which starts the
 * trade. While a trade is under way the panel offers to show its progress again.
 */
import { useId } from 'react';
import { Badge, Box, Button, Flex, Heading, HStack, IconButton, Separator, Stack, Text } from '@chakra-ui/react';
import { LoaderCircleIcon, RocketIcon, TrashIcon } from 'lucide-react';
import { formatUsd, parseMoney } from '../../../../../shared/money';
import { ItemThumbnail } from '../../../components/items';
import { sellListTotals, type SellListEntry } from './sellList';

function usd(amount: string): string {
  return formatUsd(parseMoney(amount) ?? 0n);
}

interface SellListPanelProps {
  entries: SellListEntry[];
  onRemove: (assetid: string) => void;
  onPutUpForSale: () => void;
  /** A trade is under way: the list is locked and its progress can be shown again. */
  tradeInProgress: boolean;
  onShowProgress: () => void;
}

export function SellListPanel({ entries, onRemove, onPutUpForSale, tradeInProgress, onShowProgress }: SellListPanelProps) {
  const headingId = useId();
  const { totalCents, youGetCents } = sellListTotals(entries);
  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      bg="bg.panel"
      borderWidth="1px"
      borderColor={entries.length > 0 ? 'brand.muted' : 'border'}
      borderRadius="l3"
      p={{ base: '4', md: '5' }}
    >
      <Flex align="center" justify="space-between" gap="3" mb="4">
        <Heading as="h2" id={headingId} size="md">
          Sell List
        </Heading>
        <Badge colorPalette={entries.length > 0 ? 'brand' : 'gray'} variant="subtle" aria-label={`${entries.length} items`}>
          {entries.length}
        </Badge>
      </Flex>
      {entries.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          Your sell list is empty. Choose 'Set Price' on an item to add it.
        </Text>
      ) : (
        <Stack as="ul" role="list" aria-label="Items to sell" gap="3" listStyleType="none" maxH={{ xl: '22rem' }} overflowY={{ xl: 'auto' }}>
          {entries.map((entry) => (
            <HStack as="li" key={entry.assetid} gap="3" align="center">
              <ItemThumbnail name={entry.name} imageUrl={entry.imageUrl} rarity={entry.rarity} size="12" />
              <Box minW="0" flex="1">
                <Text fontSize="sm" fontWeight="semibold" lineClamp={2} title={entry.name}>
                  {entry.name}
                </Text>
                <Text fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
                  {usd(entry.sellPrice)} · you get {usd(entry.youGet)}
                </Text>
              </Box>
              <IconButton
                aria-label={`Remove ${entry.name}`}
                size="xs"
                variant="ghost"
                colorPalette="red"
                onClick={() => onRemove(entry.assetid)}
                disabled={tradeInProgress}
              >
                <TrashIcon />
              </IconButton>
            </HStack>
          ))}
        </Stack>
      )}
      <Separator my="4" />
      <Stack gap="1.5" fontVariantNumeric="tabular-nums">
        <Flex justify="space-between">
          <Text color="fg.muted">Total Value</Text>
          <Text fontWeight="bold" fontSize="lg" data-testid="sell-list-total">
            {formatUsd(totalCents)}
          </Text>
        </Flex>
        <Flex justify="space-between" fontSize="sm">
          <Text color="fg.muted">You Receive</Text>
          <Text color="brand.fg" fontWeight="semibold">
            {formatUsd(youGetCents)}
          </Text>
        </Flex>
      </Stack>
      {tradeInProgress ? (
        <Button mt="4" w="full" variant="outline" colorPalette="brand" onClick={onShowProgress}>
          <LoaderCircleIcon aria-hidden="true" />
          View Trade Status
        </Button>
      ) : (
        <Button mt="4" w="full" colorPalette="brand" disabled={entries.length === 0} onClick={onPutUpForSale}>
          <RocketIcon aria-hidden="true" />
          Put Up For Sale
        </Button>
      )}
    </Box>
  );
}
