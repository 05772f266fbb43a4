/**
 * The Withdraw screen's side column: the user's recent withdrawal requests with their status (and
 * the operator's note on a rejected one), and each method's processing time.
 */
import { Flex, Stack, Text } from '@chakra-ui/react';
import { ClockIcon } from 'lucide-react';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHOD_TYPES, PROCESSING_TIMES } from '../../../../shared/constants';
import type { WithdrawalStatus } from '../../../../shared/schemas/wallet';
import { InfoCard } from '../../components/wallet/InfoCard';
import { PAYMENT_METHOD_ICONS } from '../../components/wallet/PaymentMethodSummary';
import { RecentActivityCard, RecentActivityRow, type StatusBadge } from '../../components/wallet/RecentActivityCard';
import { useWithdrawalsQuery } from '../../queries/wallet';

const WITHDRAWAL_STATUS_BADGES: Record<WithdrawalStatus, StatusBadge> = {
  requested: { label: 'Requested', palette: 'yellow' },
  processing: { label: 'Processing', palette: 'blue' },
  paid: { label: 'Paid', palette: 'green' },
  rejected: { label: 'Rejected', palette: 'red' },
};

export function RecentWithdrawals() {
  return (
    <RecentActivityCard
      title="Recent withdrawals"
      headingId="recent-withdrawals-heading"
      loadingLabel="Loading withdrawals"
      errorText="Your withdrawals could not be loaded."
      emptyText="No withdrawals yet"
      query={useWithdrawalsQuery()}
      renderItem={(withdrawal) => (
        <RecentActivityRow
          key={withdrawal.id}
          icon={PAYMENT_METHOD_ICONS[withdrawal.method.type]}
          amount={withdrawal.amount}
          badge={WITHDRAWAL_STATUS_BADGES[withdrawal.status]}
          // The summary names the method itself ('PayPal · jo***@example.com').
          details={withdrawal.method.summary}
          detailsTitle={withdrawal.method.summary}
          createdAt={withdrawal.createdAt}
          note={withdrawal.status === 'rejected' ? withdrawal.note : null}
        />
      )}
    />
  );
}

export function ProcessingTimes() {
  return (
    <InfoCard headingId="processing-times-heading" title="Processing times" icon={ClockIcon}>
      <Stack as="dl" gap={2} fontSize="sm">
        {PAYMENT_METHOD_TYPES.map((type) => (
          <Flex key={type} justify="space-between" gap={3}>
            <Text as="dt" color="fg.muted">
              {PAYMENT_METHOD_LABELS[type]}
            </Text>
            <Text as="dd" fontWeight="medium" textAlign="end">
              {PROCESSING_TIMES[type]}
            </Text>
          </Flex>
        ))}
      </Stack>
      <Text fontSize="xs" color="fg.subtle" lineHeight="1.6">
        Requests are reviewed before payout. If one is rejected, the amount returns to your balance.
      </Text>
    </InfoCard>
  );
}
