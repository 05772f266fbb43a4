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
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Grid, Stack, Text } from '@chakra-ui/react';
import { LuPlus } from 'react-icons/lu';
import { PageTitle } from '../../components/PageTitle';
import { SignedInOnly } from '../../components/SignedInOnly';
import { BalanceCard } from '../../components/wallet/BalanceCard';
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
    <Box colorPalette="brand">
      <PageTitle
        title="Withdraw Funds"
        subtitle="Cash out your balance to PayPal, a bank account or a crypto wallet."
      />
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 20rem', xl: 'minmax(0, 1fr) 22rem' }}
        templateAreas={{ base: '"balance" "main" "aside"', lg: '"main balance" "main aside"' }}
        templateRows={{ lg: 'auto 1fr' }}
        columnGap={{ base: 6, lg: 8 }}
        rowGap={6}
        alignItems="start"
      >
        <Box gridArea="balance">
          <WalletBalance balance={user.balance} />
        </Box>
        <Box gridArea="main" minW={0}>
          <WithdrawForm balance={user.balance} />
        </Box>
        <Stack gridArea="aside" gap={6} minW={0}>
          <RecentWithdrawals />
          <ProcessingTimes />
        </Stack>
      </Grid>
    </Box>
  );
}

function WalletBalance({ balance }: { balance: string }) {
  return (
    <BalanceCard headingId="available-balance-heading" label="Available Balance" balance={balance}>
      <Text fontSize="sm" color="fg.muted">
        Minimum withdrawal: {MIN_WITHDRAWAL}
      </Text>
      <Button asChild variant="outline" size="sm" borderColor="border.emphasized" alignSelf="flex-start">
        <RouterLink to="/add-funds">
          <LuPlus aria-hidden="true" />
          Add Funds
        </RouterLink>
      </Button>
    </BalanceCard>
  );
}
