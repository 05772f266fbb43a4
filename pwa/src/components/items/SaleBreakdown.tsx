/**
 * The payment breakdown of a sale: Sell Price, Platform Fee (3%) and You Receive, computed in
 * integer cents with shared/money.ts (fee rounded half up, exactly as the server charges it).
 * Shown by the Inventory's 'Sell Item' dialog and the Sell tab's 'Set Your Selling Price' dialog.
 */
import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { PLATFORM_FEE_PERCENT } from '../../../../shared/constants';
import { feeCents, formatUsd, sellerReceivesCents } from '../../../../shared/money';

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

interface SaleBreakdownProps {
  /** The price in cents; null while the input is not a valid price (rows show '—'). */
  priceCents: bigint | null;
}

export function SaleBreakdown({ priceCents }: SaleBreakdownProps) {
  const fee = priceCents === null ? null : feeCents(priceCents);
  const receives = priceCents === null ? null : sellerReceivesCents(priceCents);
  return (
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
  );
}
