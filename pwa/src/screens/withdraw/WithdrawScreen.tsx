/**
 * Withdraw Funds (/withdraw): the available balance with 'Minimum withdrawal: $10.00', the saved
 * payment methods (radio value `saved_{id}`; choosing one shows its masked details read-only) and
 * the four new-method cards with the selected type's form, then the amount (spec "Withdraw Funds
 * screen" and section 5 "Withdraw form"; DESIGN.md section 3 "Withdraw").
 *
 * The form (WithdrawForm.tsx) is checked with the shared schemas (withdrawalAmountSchema,
 * paymentMethodInputSchema: the spec's messages) and against the real balance (DESIGN.md
 * section 0) in withdrawForm.ts, then sent as POST /api/withdrawals. The success toast comes only
 * from the server's acceptance; its answer's balance goes straight into the nav. A
 * recent-withdrawals list shows each request's status (WithdrawAside.tsx).
 *
 * Visitors get 'Authentication Required'.
 */
import { Text } from '@chakra-ui/react';
import { LuPlus } from 'react-icons/lu';
import { SignedInOnly } from '../../components/SignedInOnly';
import { BalanceCard } from '../../components/wallet/BalanceCard';
import { WalletScreenLayout } from '../../components/wallet/WalletScreenLayout';
import type { User } from '../../queries/user';
import { MIN_WITHDRAWAL } from './withdrawForm';
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
  return (
    <WalletScreenLayout
      title="Withdraw Funds"
      subtitle="Cash out your balance to PayPal, a bank account or a crypto wallet."
      balance={
        <BalanceCard
          headingId="available-balance-heading"
          label="Available Balance"
          balance={user.balance}
          link={{ to: '/add-funds', label: 'Add Funds', icon: <LuPlus aria-hidden="true" /> }}
        >
          <Text fontSize="sm" color="fg.muted">
            Minimum withdrawal: {MIN_WITHDRAWAL}
          </Text>
        </BalanceCard>
      }
      main={<WithdrawForm balance={user.balance} />}
      aside={
        <>
          <RecentWithdrawals />
          <ProcessingTimes />
        </>
      }
    />
  );
}
