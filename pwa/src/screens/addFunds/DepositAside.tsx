/**
 * The Add Funds screen's side column: the user's reference code for transfers, and their recent
 * deposits with each one's status.
 */
import { Flex, Text } from '@chakra-ui/react';
import { HashIcon } from 'lucide-react';
import { PAYMENT_METHOD_LABELS } from '../../../../shared/constants';
import type { DepositStatus } from '../../../../shared/schemas/wallet';
import { InfoCard } from '../../components/wallet/InfoCard';
import { PAYMENT_METHOD_ICONS } from '../../components/wallet/PaymentMethodSummary';
import { RecentActivityCard, RecentActivityRow, type StatusBadge } from '../../components/wallet/RecentActivityCard';
import { useDepositsQuery } from '../../queries/wallet';
import { CopyButton } from './CopyableDetails';

const DEPOSIT_STATUS_BADGES: Record<DepositStatus, StatusBadge> = {
  pending: { label: 'Pending', palette: 'yellow' },
  completed: { label: 'Completed', palette: 'green' },
  cancelled: { label: 'Cancelled', palette: 'gray' },
  failed: { label: 'Failed', palette: 'red' },
};

export function ReferenceCard({ reference }: { reference: string }) {
  return (
    <InfoCard headingId="reference-heading" title="Your reference code" icon={HashIcon}>
      <Flex
        align="center"
        justify="space-between"
        gap={2}
        px={3}
        py={2}
        borderRadius="md"
        borderWidth="1px"
        borderColor="brand.muted"
        bg="brand.subtle/60"
      >
        <Text fontFamily="mono" fontWeight="bold" fontSize="lg" color="brand.fg" letterSpacing="wide">
          {reference}
        </Text>
        <CopyButton value={reference} label="Reference Code" />
      </Flex>
      <Text fontSize="sm" color="fg.muted" lineHeight="1.6">
        Include it in the reference or memo of every bank wire and SEPA transfer, and with the transaction ID you send
        us for crypto deposits. It is how we know the payment is yours.
      </Text>
    </InfoCard>
  );
}

export function RecentDeposits() {
  return (
    <RecentActivityCard
      title="Recent deposits"
      headingId="recent-deposits-heading"
      loadingLabel="Loading deposits"
      errorText="Your deposits could not be loaded."
      emptyText="No deposits yet"
      query={useDepositsQuery()}
      renderItem={(deposit) => (
        <RecentActivityRow
          key={deposit.id}
          icon={PAYMENT_METHOD_ICONS[deposit.method]}
          amount={deposit.amount}
          badge={DEPOSIT_STATUS_BADGES[deposit.status]}
          details={PAYMENT_METHOD_LABELS[deposit.method] ?? deposit.method}
          createdAt={deposit.createdAt}
        />
      )}
    />
  );
}

