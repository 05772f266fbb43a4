/**
 * Withdraw Funds (/withdraw): the available balance with 'Minimum withdrawal: $10.00', the saved
 * payment methods (radio value `saved_{id}`; choosing one shows its masked details read-only) and
 * the four new-method cards with the selected type's form, then the amount
 * (docs/adr/0019-withdrawals.md).
 *
 * Beside the balance, the part of it that can be withdrawn now (GET /api/withdrawals/available):
 * card and PayPal deposits can be spent at once but withdrawn only after their clearing period,
 * which a short note says when the two differ; and what the account owes after a chargeback, if
 * anything.
 *
 * The form (WithdrawForm.tsx) is checked with the shared schemas (withdrawalAmountSchema,
 * paymentMethodInputSchema and their messages), against the real balance
 * and the withdrawable part in withdrawForm.ts, then sent as POST /api/withdrawals. The success toast comes only
 * from the server's acceptance; its answer's balance goes straight into the nav. A
 * recent-withdrawals list shows each request's status (WithdrawAside.tsx).
 *
 * Visitors get 'Authentication Required'.
 */
import { Skeleton, Stack, Text } from '@chakra-ui/react';
import { PlusIcon } from 'lucide-react';
import { formatUsd, parseMoney } from '../../../../shared/money';
import { clearingNote, type WithdrawableBalance } from '../../../../shared/schemas/wallet';
import { SignedInOnly } from '../../components/SignedInOnly';
import { BalanceCard } from '../../components/wallet/BalanceCard';
import { WalletScreenLayout } from '../../components/wallet/WalletScreenLayout';
import type { User } from '../../queries/user';
import { useWithdrawableBalanceQuery } from '../../queries/wallet';
import { MIN_WITHDRAWAL, type Withdrawable } from './withdrawForm';
import { ProcessingTimes, RecentWithdrawals } from './WithdrawAside';
import { WithdrawForm } from './WithdrawForm';

export default function WithdrawScreen() {
  return (
    <SignedInOnly
      unavailableTitle="Withdrawals are not available"
      signInDescription="Please sign in with your Steam account to withdraw funds from your balance."
    >
      {(user) => <Withdraw user={user} />}
    </SignedInOnly>
  );
}

function Withdraw({ user }: { user: User }) {
  const { data: available, isPending } = useWithdrawableBalanceQuery();
  const withdrawable: Withdrawable | undefined = available
    ? { cents: parseMoney(available.withdrawableBalance) ?? 0n, clearingDays: available.clearingDays }
    : undefined;
  return (
    <WalletScreenLayout
      title="Withdraw Funds"
      subtitle="Cash out your balance to PayPal, a bank account or a crypto wallet."
      balance={
        <BalanceCard
          headingId="available-balance-heading"
          label="Available Balance"
          balance={user.balance}
          link={{ to: '/add-funds', label: 'Add Funds', icon: <PlusIcon aria-hidden="true" /> }}
        >
          <Stack gap={1.5}>
            {available ? <WithdrawableLines available={available} /> : isPending ? <Skeleton h="5" w="56" aria-label="Loading the amount available to withdraw" /> : null}
            <Text fontSize="sm" color="fg.muted">
              Minimum withdrawal: {MIN_WITHDRAWAL}
            </Text>
          </Stack>
        </BalanceCard>
      }
      main={<WithdrawForm balance={user.balance} withdrawable={withdrawable} />}
      aside={
        <>
          <RecentWithdrawals />
          <ProcessingTimes />
        </>
      }
    />
  );
}

/** 'Available to withdraw: $X.XX', why it is less than the balance, and any amount owed. */
function WithdrawableLines({ available }: { available: WithdrawableBalance }) {
  const withdrawableCents = parseMoney(available.withdrawableBalance) ?? 0n;
  const owedCents = parseMoney(available.owed) ?? 0n;
  return (
    <>
      <Text fontSize="sm" fontWeight="medium" fontVariantNumeric="tabular-nums">
        {`Available to withdraw: ${formatUsd(withdrawableCents)}`}
      </Text>
      {withdrawableCents < (parseMoney(available.balance) ?? 0n) ? (
        <Text fontSize="xs" color="fg.subtle" lineHeight="1.6">
          {clearingNote(available.clearingDays)}
        </Text>
      ) : null}
      {owedCents > 0n ? (
        <Text fontSize="sm" color="fg.error" lineHeight="1.6">
          {`You owe ${formatUsd(owedCents)} after a chargeback: add funds to settle it before withdrawing.`}
        </Text>
      ) : null}
    </>
  );
}
