/** The console's front page (every role): the day's figures from GET /api/staff/overview as cards. */
import { SimpleGrid, Text } from '@chakra-ui/react';
import type { StaffOverview } from '../../../../shared/schemas/staff';
import { PageTitle } from '../../components/PageTitle';
import { QueryView } from '../components/Feedback';
import { StatCard } from '../components/StatCard';
import { usd, when, words } from '../format';
import { useOverviewQuery } from '../queries/overview';

function OverviewCards({ overview }: { overview: StaffOverview }) {
  const { withdrawals, deposits, fees, listingsByStatus, bot, ledgerCheck } = overview;
  const listingStatuses = Object.entries(listingsByStatus);
  const listings = listingStatuses.reduce((sum, [, count]) => sum + count, 0);
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, xl: 3 }} gap="4">
      <StatCard label="Pending withdrawals" value={withdrawals.pending} alert={withdrawals.awaitingSecondApproval > 0}>
        {usd(withdrawals.pendingAmount)} in all
        {withdrawals.awaitingSecondApproval > 0 ? <Text>{withdrawals.awaitingSecondApproval} awaiting a second approval</Text> : null}
      </StatCard>
      <StatCard label="Pending deposits" value={deposits.pending}>
        {usd(deposits.pendingAmount)} in all
      </StatCard>
      <StatCard label="Fees earned today" value={usd(fees.today)}>
        {usd(fees.thisMonth)} this month
      </StatCard>
      <StatCard label="Listings" value={listings}>
        {listingStatuses.length === 0
          ? 'None yet'
          : listingStatuses.map(([status, count]) => (
              <Text key={status}>
                {words(status)}: {count.toLocaleString('en-US')}
              </Text>
            ))}
      </StatCard>
      <StatCard label="Trade holds ending today" value={overview.holdsEndingToday} />
      <StatCard label="Overdue trade holds" value={overview.overdueHolds} alert={overview.overdueHolds > 0}>
        {overview.overdueHolds > 0 ? 'Hold ended, item not delivered yet' : 'None'}
      </StatCard>
      <StatCard label="Trade bot" value={bot.online ? 'Online' : 'Offline'} alert={!bot.online}>
        {bot.lastSeenAt ? `Last seen ${when(bot.lastSeenAt)}` : 'Never seen'}
      </StatCard>
      <StatCard label="Open support items" value={overview.openSupportItems} />
      <StatCard label="Ledger invariants" value={ledgerCheck === null ? 'Not checked yet' : ledgerCheck.sound ? 'Sound' : 'Broken'} alert={ledgerCheck !== null && !ledgerCheck.sound}>
        {ledgerCheck ? `Last checked ${when(ledgerCheck.at)}` : 'The check runs on a schedule.'}
      </StatCard>
    </SimpleGrid>
  );
}

export function OverviewScreen() {
  const overview = useOverviewQuery();
  return (
    <>
      <PageTitle title="Overview" subtitle="Today's figures across money, the market and support." />
      <QueryView query={overview} what="the overview">
        {(data) => <OverviewCards overview={data} />}
      </QueryView>
    </>
  );
}
