/**
 * Deposits (finance): crediting a bank wire, SEPA or crypto transfer that arrived, matched to its
 * user by the deposit reference the user put on it, and the deposits still waiting. The server
 * credits a transfer reference once: the same transfer sent again answers "already credited".
 */
import { useState, type FormEvent } from 'react';
import { Box, Button, Card, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { SearchIcon } from 'lucide-react';
import { MANUAL_DEPOSIT_METHODS, creditDepositSchema, type StaffDeposit, type StaffUserSummary } from '../../../../shared/schemas/staff';
import { PAYMENT_METHOD_LABELS } from '../../../../shared/constants';
import { PageTitle } from '../../components/PageTitle';
import { TextField } from '../components/TextField';
import { DataTable } from '../components/DataTable';
import { ActionDone, ActionError, EmptyNote, Facts, QueryView } from '../components/Feedback';
import { SelectField } from '../components/SelectField';
import { StatusBadge } from '../components/StatusBadge';
import { UserLink } from '../components/UserLink';
import { methodLabel, personName, usd, when } from '../format';
import { useCreditDepositMutation, usePendingDepositsQuery, type CreditDepositInput } from '../queries/deposits';
import { useUserSearchQuery } from '../queries/users';

type ManualMethod = CreditDepositInput['method'];
const METHOD_OPTIONS = MANUAL_DEPOSIT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));

/** The user whose deposit reference is `reference` (references are compared without regard to case). */
function userWithReference(users: readonly StaffUserSummary[], reference: string): StaffUserSummary | undefined {
  return users.find((user) => user.depositReference.toUpperCase() === reference.toUpperCase());
}

type FieldErrors = Partial<Record<'amount' | 'reference' | 'method' | 'steamId', string>>;

function CreditForm({ user }: { user: StaffUserSummary }) {
  const credit = useCreditDepositMutation();
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [method, setMethod] = useState<ManualMethod>('bank_wire_usa');
  const [errors, setErrors] = useState<FieldErrors>({});

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = { steamId: user.steamId, amount: amount.trim(), reference: reference.trim(), method };
    const checked = creditDepositSchema.safeParse(input);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    credit.mutate(input, {
      onSuccess: () => {
        setAmount('');
        setReference('');
      },
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={`Credit a transfer to ${personName(user)}`}>
      <Stack gap="4">
        <Flex gap="4" direction={{ base: 'column', md: 'row' }}>
          <TextField label="Amount (USD)" required error={errors.amount}>
            <Input inputMode="decimal" autoComplete="off" placeholder="1500.00" value={amount} onChange={(event) => setAmount(event.target.value)} />
          </TextField>
          <TextField label="Transfer reference" required error={errors.reference} helperText="The bank's reference or the transaction hash">
            <Input autoComplete="off" value={reference} maxLength={200} onChange={(event) => setReference(event.target.value)} />
          </TextField>
          <SelectField label="Method" options={METHOD_OPTIONS} value={method} onChange={setMethod} />
        </Flex>
        {errors.steamId ? <ActionError error={new Error(errors.steamId)} /> : null}
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={credit.isPending}>
          Credit {parseableAmount(amount) ? usd(amount.trim()) : 'the transfer'}
        </Button>
        <ActionError error={credit.error} />
        {credit.data ? <CreditOutcome deposit={credit.data.deposit} credited={credit.data.credited} /> : null}
      </Stack>
    </form>
  );
}

const parseableAmount = (amount: string) => /^\d+(\.\d{1,2})?$/.test(amount.trim());

function CreditOutcome({ deposit, credited }: { deposit: StaffDeposit; credited: boolean }) {
  if (credited) {
    return (
      <ActionDone>
        Credited {usd(deposit.amount)} to {personName(deposit.user)} (transfer {deposit.externalReference}).
      </ActionDone>
    );
  }
  return (
    <ActionDone>
      Already credited: transfer {deposit.externalReference} was credited to {personName(deposit.user)}
      {deposit.completedAt ? ` on ${when(deposit.completedAt)}` : ''}. Nothing changed.
    </ActionDone>
  );
}

function FoundUser({ reference }: { reference: string }) {
  const search = useUserSearchQuery(reference);
  return (
    <QueryView query={search} what="the user">
      {({ items }) => {
        const user = userWithReference(items, reference);
        if (!user) return <EmptyNote>No user has the deposit reference {reference}.</EmptyNote>;
        return (
          <Stack gap="5">
            <Box bg="bg.muted" borderRadius="l2" p="4" role="group" aria-label="The transfer's user">
              <Text fontWeight="semibold" mb="2">
                This is <UserLink user={user} />
                {user.frozen ? ' (frozen account)' : ''}
              </Text>
              <Facts
                items={[
                  ['SteamID', user.steamId],
                  ['E-mail', user.email || '—'],
                  ['Deposit reference', user.depositReference],
                  ['Balance', usd(user.balance)],
                ]}
              />
            </Box>
            <CreditForm key={user.id} user={user} />
          </Stack>
        );
      }}
    </QueryView>
  );
}

function CreditTransfer() {
  const [reference, setReference] = useState('');
  const [lookedUp, setLookedUp] = useState('');

  const handleLookUp = (event: FormEvent) => {
    event.preventDefault();
    setLookedUp(reference.trim());
  };

  return (
    <Card.Root as="section" aria-labelledby="credit-heading" variant="outline" bg="bg.panel" borderColor="border" mb="8">
      <Card.Body gap="5">
        <Heading as="h2" id="credit-heading" size="lg">
          Credit a transfer
        </Heading>
        <Text color="fg.muted" mt="-2">
          Find the user by the deposit reference they put on the transfer, then enter what arrived.
        </Text>
        <form onSubmit={handleLookUp} noValidate>
          <Flex gap="3" align="flex-end" wrap="wrap">
            <Box flex="1" minW="56">
              <TextField label="Deposit reference">
                <Input autoComplete="off" spellCheck={false} placeholder="SM-…" value={reference} onChange={(event) => setReference(event.target.value)} />
              </TextField>
            </Box>
            <Button type="submit" variant="outline" disabled={reference.trim() === ''}>
              <SearchIcon aria-hidden="true" />
              Find user
            </Button>
          </Flex>
        </form>
        {lookedUp ? <FoundUser key={lookedUp} reference={lookedUp} /> : null}
      </Card.Body>
    </Card.Root>
  );
}

export function DepositsScreen() {
  const pending = usePendingDepositsQuery();
  return (
    <>
      <PageTitle title="Deposits" subtitle="Credit bank wires, SEPA and crypto transfers that arrived; each transfer is credited once." />
      <CreditTransfer />
      <Heading as="h2" size="lg" mb="3">
        Pending deposits
      </Heading>
      <QueryView query={pending} what="the pending deposits">
        {({ items }) =>
          items.length === 0 ? (
            <EmptyNote>No deposits are waiting.</EmptyNote>
          ) : (
            <DataTable
              label="Pending deposits"
              rows={items}
              rowKey={(deposit) => deposit.id}
              columns={[
                { header: 'User', cell: (deposit) => <UserLink user={deposit.user} /> },
                { header: 'Deposit reference', cell: (deposit) => deposit.user.depositReference },
                { header: 'Method', cell: (deposit) => methodLabel(deposit.method) },
                { header: 'Amount', cell: (deposit) => usd(deposit.amount), numeric: true },
                { header: 'Status', cell: (deposit) => <StatusBadge status={deposit.status} /> },
                { header: 'Started', cell: (deposit) => when(deposit.createdAt) },
              ]}
            />
          )
        }
      </QueryView>
    </>
  );
}
