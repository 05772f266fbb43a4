/**
 * The signed-in user's balance history (GET /api/transactions, newest first): one row per ledger
 * movement with its kind, description, signed amount (credits green, debits red; money owed after a
 * chargeback orange, since it is no gift), the balance after it and the date; the next page loads
 * as the user scrolls to the end, or with 'Load more' (LoadMore.tsx). Meant for the profile's
 * 'Transactions' tab, so it draws its own card and an h2 heading.
 */
import { type ComponentType } from 'react';
import { Box, Button, Card, Center, EmptyState, Flex, Heading, Icon, Skeleton, Stack, Text } from '@chakra-ui/react';
import {
  ArrowDownToLineIcon,
  ArrowUpFromLineIcon,
  BadgeDollarSignIcon,
  CircleCheckIcon,
  GavelIcon,
  HandCoinsIcon,
  ReceiptIcon,
  RotateCcwIcon,
  ShieldCheckIcon,
  ShieldExclamationPointIcon,
  ShoppingCartIcon,
  Undo2Icon,
} from 'lucide-react';
import { formatDateTime } from '../../../../shared/format';
import { formatUsd, parseMoney } from '../../../../shared/money';
import type { LedgerKind, WalletTransaction } from '../../../../shared/schemas/wallet';
import { useTransactionsQuery } from '../../queries/wallet';
import { LoadMore } from '../LoadMore';
import { formatBalance } from '../../queries/user';

const KIND_DETAILS: Record<LedgerKind, { label: string; icon: ComponentType; owed?: true }> = {
  deposit: { label: 'Deposit', icon: ArrowDownToLineIcon },
  withdrawal: { label: 'Withdrawal', icon: ArrowUpFromLineIcon },
  withdrawal_reversal: { label: 'Withdrawal returned', icon: Undo2Icon },
  purchase: { label: 'Purchase', icon: ShoppingCartIcon },
  sale_payout: { label: 'Sale payout', icon: BadgeDollarSignIcon },
  refund: { label: 'Refund', icon: RotateCcwIcon },
  chargeback: { label: 'Chargeback', icon: ShieldExclamationPointIcon },
  debt: { label: 'Owed after chargeback', icon: HandCoinsIcon, owed: true },
  debt_repayment: { label: 'Debt repayment', icon: CircleCheckIcon },
  chargeback_reversal: { label: 'Chargeback reversed', icon: ShieldCheckIcon },
  buy_order: { label: 'Buy order placed', icon: GavelIcon },
  buy_order_fill: { label: 'Buy order filled below your price', icon: Undo2Icon },
  buy_order_release: { label: 'Buy order cancelled', icon: Undo2Icon },
};

const UNKNOWN_KIND = { label: 'Transaction', icon: ReceiptIcon };

/** "+25.00" → "+$25.00", "-10.00" → "-$10.00"; whether it is a credit. */
function signedAmount(amount: string): { text: string; credit: boolean } {
  const negative = amount.startsWith('-');
  const cents = parseMoney(amount.replace(/^[+-]/, '')) ?? 0n;
  return { text: `${negative ? '-' : '+'}${formatUsd(cents)}`, credit: !negative && cents > 0n };
}

function dateTime(iso: string): string {
  try {
    return formatDateTime(iso);
  } catch {
    return '';
  }
}

export default function TransactionHistory() {
  const query = useTransactionsQuery();
  const { data, isPending, isError, refetch, isRefetching } = query;
  const transactions = data?.pages.flatMap((page) => page.items) ?? [];

  let content;
  if (isPending) {
    content = (
      <Stack gap={2} aria-busy="true" aria-label="Loading transactions">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} h="16" borderRadius="l2" />
        ))}
      </Stack>
    );
  } else if (isError && transactions.length === 0) {
    content = (
      <EmptyState.Root size="sm">
        <EmptyState.Content>
          <EmptyState.Title as="h3">Transactions not available</EmptyState.Title>
          <EmptyState.Description>We could not load your transactions. Please try again.</EmptyState.Description>
          <Button colorPalette="brand" variant="outline" onClick={() => void refetch()} loading={isRefetching}>
            Try Again
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  } else if (transactions.length === 0) {
    content = (
      <EmptyState.Root size="sm" borderWidth="1px" borderStyle="dashed" borderColor="border.emphasized" borderRadius="l3">
        <EmptyState.Content>
          <EmptyState.Indicator color="brand.fg">
            <ReceiptIcon />
          </EmptyState.Indicator>
          <Stack textAlign="center" gap="1" maxW="sm">
            <EmptyState.Title as="h3">No transactions yet</EmptyState.Title>
            <EmptyState.Description>Deposits, purchases, sales and withdrawals will appear here.</EmptyState.Description>
          </Stack>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  } else {
    content = (
      <Stack gap={4}>
        <Box as="ul" listStyleType="none" aria-label="Transactions" borderWidth="1px" borderColor="border" borderRadius="l3" overflow="hidden">
          {transactions.map((transaction) => (
            <TransactionRow key={transaction.id} transaction={transaction} />
          ))}
        </Box>
        <LoadMore pages={query} noun="transactions" />
      </Stack>
    );
  }

  return (
    <Card.Root as="section" aria-labelledby="transaction-history-heading" bg="bg.panel" borderColor="border" overflow="hidden">
      <Box h="1" bgGradient="to-r" gradientFrom="brand.600" gradientTo="brand.300" aria-hidden="true" />
      <Card.Header px={{ base: '5', md: '8' }} pt={{ base: '5', md: '7' }} pb="0">
        <Heading as="h2" id="transaction-history-heading" size="lg">
          Transaction History
        </Heading>
        <Text color="fg.muted" fontSize="sm" mt="1">
          Every change to your balance, newest first.
        </Text>
      </Card.Header>
      <Card.Body px={{ base: '5', md: '8' }} pt="6" pb={{ base: '5', md: '7' }}>
        {content}
      </Card.Body>
    </Card.Root>
  );
}

function TransactionRow({ transaction }: { transaction: WalletTransaction }) {
  const kind: { label: string; icon: ComponentType; owed?: true } = KIND_DETAILS[transaction.kind] ?? UNKNOWN_KIND;
  const amount = signedAmount(transaction.amount);
  const palette = kind.owed ? 'orange' : amount.credit ? 'green' : 'red';
  const color = `${palette}.400`;

  return (
    <Flex
      as="li"
      align="flex-start"
      gap={{ base: 3, md: 4 }}
      px={{ base: 3, md: 4 }}
      py={3}
      borderBottomWidth="1px"
      borderColor="border"
      _last={{ borderBottomWidth: 0 }}
      _hover={{ bg: 'bg.subtle' }}
    >
      <Center
        boxSize={{ base: 9, md: 10 }}
        flexShrink={0}
        borderRadius="l2"
        bg={`${palette}.500/12`}
        color={color}
        aria-hidden="true"
      >
        <Icon as={kind.icon} boxSize="4.5" />
      </Center>
      <Box flex="1" minW={0}>
        <Flex justify="space-between" align="baseline" gap={3}>
          <Text fontWeight="semibold" lineHeight="short" lineClamp={2} minW={0}>
            {transaction.description || kind.label}
          </Text>
          <Text fontWeight="bold" color={color} fontVariantNumeric="tabular-nums" whiteSpace="nowrap" flexShrink={0}>
            {amount.text}
          </Text>
        </Flex>
        <Flex justify="space-between" align="baseline" gap={3} mt={1} fontSize="xs" color="fg.subtle">
          <Text minW={0}>
            {kind.label} · <time dateTime={transaction.createdAt}>{dateTime(transaction.createdAt)}</time>
          </Text>
          <Text fontVariantNumeric="tabular-nums" whiteSpace="nowrap" flexShrink={0}>
            Balance {formatBalance(transaction.balanceAfter)}
          </Text>
        </Flex>
      </Box>
    </Flex>
  );
}
