/**
 * The withdrawal queue (finance), oldest first, filtered by status. Each request shows who asked,
 * how much, where to (masked; the full destination only on demand, which the server records in the
 * audit log), its approvals so far, and the next steps: approve, mark paid once it has the
 * approvals it needs (two different people above the four-eyes threshold), or reject with a reason
 * (the amount returns to the user's balance).
 */
import { useState } from 'react';
import { Box, Button, Card, Flex, Heading, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { BanknoteIcon, CheckIcon, EyeIcon, EyeOffIcon, XIcon } from 'lucide-react';
import type { StaffWithdrawal } from '../../../../shared/schemas/staff';
import { PageTitle } from '../../components/PageTitle';
import { ActionError, EmptyNote, Facts, QueryView } from '../components/Feedback';
import { SelectField } from '../components/SelectField';
import { StatusBadge } from '../components/StatusBadge';
import { TextDialog } from '../components/TextDialog';
import { UserLink } from '../components/UserLink';
import { personName, usd, when, words } from '../format';
import { useWithdrawalActionMutation, useWithdrawalDestinationQuery, useWithdrawalsQuery, type WithdrawalStatusFilter } from '../queries/withdrawals';
import { useSignedInStaff, useStaffCan } from '../signedInStaff';

const STATUS_OPTIONS: { value: WithdrawalStatusFilter; label: string }[] = [
  { value: 'open', label: 'Open (requested and processing)' },
  { value: 'requested', label: 'Requested' },
  { value: 'processing', label: 'Processing' },
  { value: 'paid', label: 'Paid' },
  { value: 'rejected', label: 'Rejected' },
];

const isOpen = (withdrawal: StaffWithdrawal) => withdrawal.status === 'requested' || withdrawal.status === 'processing';

/** "1 of 2". */
function approvalsText(withdrawal: Pick<StaffWithdrawal, 'approvals' | 'approvalsNeeded'>): string {
  return `${withdrawal.approvals.length} of ${withdrawal.approvalsNeeded}`;
}

function Destination({ withdrawal }: { withdrawal: StaffWithdrawal }) {
  const [shown, setShown] = useState(false);
  const destination = useWithdrawalDestinationQuery(withdrawal.id, shown);
  return (
    <Stack gap="2" align="flex-start">
      <Button size="xs" variant="outline" onClick={() => setShown(!shown)} aria-expanded={shown}>
        {shown ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
        {shown ? 'Hide destination' : 'Show destination'}
      </Button>
      {shown ? (
        <Box w="full" bg="bg.muted" borderRadius="l2" p="3">
          <Text fontSize="xs" color="fg.muted" mb="2">
            Viewing the full destination is recorded in the audit log under your name.
          </Text>
          <QueryView query={destination} what="the destination">
            {(details) => <Facts items={Object.entries(details).map(([key, value]) => [words(key), value] as const)} />}
          </QueryView>
        </Box>
      ) : null}
    </Stack>
  );
}

function WithdrawalCard({ withdrawal }: { withdrawal: StaffWithdrawal }) {
  const me = useSignedInStaff();
  const canAct = useStaffCan('withdrawals.act');
  const action = useWithdrawalActionMutation();
  const [dialog, setDialog] = useState<'paid' | 'reject' | null>(null);
  const headingId = `withdrawal-${withdrawal.id}`;

  const approvedByMe = withdrawal.approvals.some((approval) => approval.email === me.email);
  const fullyApproved = withdrawal.approvals.length >= withdrawal.approvalsNeeded;
  const missing = withdrawal.approvalsNeeded - withdrawal.approvals.length;
  const open = isOpen(withdrawal);

  const openDialog = (which: 'paid' | 'reject') => {
    action.reset();
    setDialog(which);
  };
  const runInDialog = (variables: Parameters<typeof action.mutate>[0]) => action.mutate(variables, { onSuccess: () => setDialog(null) });

  return (
    <Card.Root as="article" aria-labelledby={headingId} variant="outline" bg="bg.panel" borderColor="border">
      <Card.Body gap="4">
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Box minW="0">
            <Heading as="h2" id={headingId} size="xl">
              {usd(withdrawal.amount)} <VisuallyHidden>withdrawal by {personName(withdrawal.user)}</VisuallyHidden>
            </Heading>
            <UserLink user={withdrawal.user} />
            <Text fontSize="xs" color="fg.subtle">
              SteamID {withdrawal.user.steamId}
            </Text>
          </Box>
          <StatusBadge status={withdrawal.status} />
        </Flex>
        <Facts
          items={[
            ['Method', withdrawal.methodSummary],
            ['Requested', when(withdrawal.createdAt)],
            [
              'Approvals',
              <>
                {approvalsText(withdrawal)}
                {withdrawal.approvals.length > 0 ? (
                  <Text as="span" color="fg.muted">
                    {' '}
                    ({withdrawal.approvals.map((approval) => approval.email).join(', ')})
                  </Text>
                ) : null}
              </>,
            ],
            ...(withdrawal.note ? [['Note', withdrawal.note] as const] : []),
            ...(withdrawal.payoutReference ? [['Payout reference', withdrawal.payoutReference] as const] : []),
          ]}
        />
        {canAct ? <Destination withdrawal={withdrawal} /> : null}
        {canAct && open ? (
          <Stack gap="2">
            <Flex gap="2" wrap="wrap" align="center">
              {!fullyApproved && !approvedByMe ? (
                <Button size="sm" colorPalette="brand" loading={action.isPending && action.variables?.action === 'approve'} onClick={() => action.mutate({ id: withdrawal.id, action: 'approve' })}>
                  <CheckIcon aria-hidden="true" />
                  Approve
                </Button>
              ) : null}
              {fullyApproved ? (
                <Button size="sm" colorPalette="brand" onClick={() => openDialog('paid')}>
                  <BanknoteIcon aria-hidden="true" />
                  Mark paid
                </Button>
              ) : null}
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => openDialog('reject')}>
                <XIcon aria-hidden="true" />
                Reject
              </Button>
              {!fullyApproved ? (
                <Text fontSize="sm" color="fg.muted">
                  {approvedByMe
                    ? `You approved it; it needs ${missing} more ${missing === 1 ? 'approval' : 'approvals'} from someone else before it can be paid.`
                    : `Needs ${missing} more ${missing === 1 ? 'approval' : 'approvals'} before it can be paid.`}
                </Text>
              ) : null}
            </Flex>
            {dialog === null ? <ActionError error={action.error} /> : null}
          </Stack>
        ) : null}
      </Card.Body>
      <TextDialog
        open={dialog === 'paid'}
        onClose={() => setDialog(null)}
        title={`Mark ${usd(withdrawal.amount)} as paid`}
        description={`The payout to ${withdrawal.methodSummary} has been sent.`}
        label="Payout reference"
        helperText="The reference of the payment you sent: the bank's, PayPal's or the transaction hash."
        maxLength={200}
        confirmLabel="Mark paid"
        busy={action.isPending}
        error={action.error}
        onSubmit={(reference) => runInDialog({ id: withdrawal.id, action: 'paid', reference })}
      />
      <TextDialog
        open={dialog === 'reject'}
        onClose={() => setDialog(null)}
        title={`Reject ${usd(withdrawal.amount)}`}
        description={`The amount returns to ${personName(withdrawal.user)}'s balance.`}
        label="Reason"
        helperText="The user sees it with the rejected request."
        multiline
        maxLength={500}
        confirmLabel="Reject withdrawal"
        destructive
        busy={action.isPending}
        error={action.error}
        onSubmit={(reason) => runInDialog({ id: withdrawal.id, action: 'reject', reason })}
      />
    </Card.Root>
  );
}

export function WithdrawalsScreen() {
  const [status, setStatus] = useState<WithdrawalStatusFilter>('open');
  const withdrawals = useWithdrawalsQuery(status);
  return (
    <>
      <PageTitle title="Withdrawals" subtitle="Oldest first. Large withdrawals need two different finance approvals before they can be paid." />
      <Box maxW="sm" mb="6">
        <SelectField label="Status" options={STATUS_OPTIONS} value={status} onChange={setStatus} />
      </Box>
      <QueryView query={withdrawals} what="the withdrawals">
        {({ items }) =>
          items.length === 0 ? (
            <EmptyNote>No {status === 'open' ? 'open' : words(status).toLowerCase()} withdrawals.</EmptyNote>
          ) : (
            <Stack as="ul" listStyleType="none" gap="4" aria-label="Withdrawals">
              {items.map((withdrawal) => (
                <li key={withdrawal.id}>
                  <WithdrawalCard withdrawal={withdrawal} />
                </li>
              ))}
            </Stack>
          )
        }
      </QueryView>
    </>
  );
}
