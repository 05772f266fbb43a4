/**
 * One user (every role reads; admin freezes and unfreezes): who they are, their balance and frozen
 * state, then their ledger, listings, orders, withdrawals and payment methods (masked, as the user
 * sees them). A frozen account can sign in and read, but cannot buy, list, withdraw or add methods.
 */
import { useState, type ReactNode } from 'react';
import { Box, Button, Card, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { ChevronLeftIcon, SnowflakeIcon, SunIcon } from 'lucide-react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { StaffUserDetail } from '../../../../shared/schemas/staff';
import { DataTable, type Column } from '../components/DataTable';
import { EmptyNote, Facts, QueryView } from '../components/Feedback';
import { StatusBadge } from '../components/StatusBadge';
import { TextDialog } from '../components/TextDialog';
import { methodLabel, personName, usd, when, words } from '../format';
import { useFreezeUserMutation, useUserQuery } from '../queries/users';
import { useStaffCan } from '../signedInStaff';

type Detail = StaffUserDetail;

function Part<Row>({ title, rows, columns, rowKey, empty }: { title: string; rows: readonly Row[]; columns: readonly Column<Row>[]; rowKey: (row: Row) => string; empty: string }) {
  return (
    <Box as="section" aria-label={title}>
      <Heading as="h2" size="md" mb="3">
        {title}
      </Heading>
      {rows.length === 0 ? <EmptyNote>{empty}</EmptyNote> : <DataTable label={title} rows={rows} rowKey={rowKey} columns={columns} />}
    </Box>
  );
}

function FreezeControl({ user }: { user: Detail }) {
  const freeze = useFreezeUserMutation(user.id);
  const [open, setOpen] = useState(false);
  const openDialog = () => {
    freeze.reset();
    setOpen(true);
  };
  return (
    <>
      <Button size="sm" variant="outline" colorPalette={user.frozen ? 'green' : 'red'} onClick={openDialog}>
        {user.frozen ? <SunIcon aria-hidden="true" /> : <SnowflakeIcon aria-hidden="true" />}
        {user.frozen ? 'Unfreeze account' : 'Freeze account'}
      </Button>
      <TextDialog
        open={open}
        onClose={() => setOpen(false)}
        title={user.frozen ? `Unfreeze ${personName(user)}` : `Freeze ${personName(user)}`}
        description={
          user.frozen
            ? 'They can buy, sell, withdraw and add payment methods again.'
            : 'They can still sign in and see their account, but cannot buy, sell, withdraw or add payment methods.'
        }
        label="Reason"
        helperText="Kept in the audit log."
        multiline
        required={!user.frozen}
        maxLength={500}
        confirmLabel={user.frozen ? 'Unfreeze' : 'Freeze'}
        destructive={!user.frozen}
        busy={freeze.isPending}
        error={freeze.error}
        onSubmit={(reason) => freeze.mutate({ frozen: !user.frozen, reason: reason || undefined }, { onSuccess: () => setOpen(false) })}
      />
    </>
  );
}

function UserDetail({ user }: { user: Detail }) {
  const canAct = useStaffCan('users.act');
  const facts: Array<readonly [string, ReactNode]> = [
    ['SteamID', user.steamId],
    ['E-mail', user.email || '—'],
    ['Deposit reference', user.depositReference],
    ['Trade URL', user.tradeUrl || '—'],
    ['Joined', when(user.createdAt)],
    ['Last sign-in', when(user.lastLoginAt)],
  ];
  if (user.frozen) {
    facts.push(['Frozen since', user.frozenAt ? when(user.frozenAt) : '—'], ['Frozen because', user.frozenReason ?? '—']);
  }
  return (
    <Stack gap="8">
      <Card.Root variant="outline" bg="bg.panel" borderColor={user.frozen ? 'red.500/60' : 'border'}>
        <Card.Body gap="4">
          <Flex justify="space-between" gap="4" wrap="wrap" align="flex-start">
            <Box>
              <Flex align="center" gap="3" wrap="wrap">
                <Heading as="h1" size="2xl">
                  {personName(user)}
                </Heading>
                <StatusBadge status={user.frozen ? 'frozen' : 'active'} />
              </Flex>
              <Text fontSize="3xl" fontWeight="bold" mt="2">
                {usd(user.balance)}
                <Text as="span" fontSize="sm" fontWeight="normal" color="fg.muted" ms="2">
                  balance
                </Text>
              </Text>
            </Box>
            {canAct ? <FreezeControl user={user} /> : null}
          </Flex>
          <Facts items={facts} />
        </Card.Body>
      </Card.Root>
      <Part
        title="Ledger"
        rows={user.ledger}
        rowKey={(entry) => entry.id}
        empty="No money has moved yet."
        columns={[
          { header: 'When', cell: (entry) => when(entry.createdAt) },
          { header: 'Kind', cell: (entry) => words(entry.kind) },
          { header: 'Amount', cell: (entry) => usd(entry.amount), numeric: true },
          { header: 'Description', cell: (entry) => entry.description },
        ]}
      />
      <Part
        title="Listings"
        rows={user.listings}
        rowKey={(listing) => listing.id}
        empty="No listings."
        columns={[
          { header: 'Item', cell: (listing) => listing.name },
          { header: 'Price', cell: (listing) => usd(listing.price), numeric: true },
          { header: 'Status', cell: (listing) => <StatusBadge status={listing.status} /> },
          { header: 'Sold', cell: (listing) => (listing.sold ? 'Yes' : 'No') },
          { header: 'Listed', cell: (listing) => when(listing.createdAt) },
        ]}
      />
      <Part
        title="Orders"
        rows={user.orders}
        rowKey={(order) => order.id}
        empty="No orders."
        columns={[
          { header: 'Order', cell: (order) => order.id },
          { header: 'Items', cell: (order) => order.items, numeric: true },
          { header: 'Total', cell: (order) => usd(order.total), numeric: true },
          { header: 'Status', cell: (order) => <StatusBadge status={order.status} /> },
          { header: 'Placed', cell: (order) => when(order.createdAt) },
        ]}
      />
      <Part
        title="Withdrawals"
        rows={user.withdrawals}
        rowKey={(withdrawal) => withdrawal.id}
        empty="No withdrawals."
        columns={[
          { header: 'Requested', cell: (withdrawal) => when(withdrawal.createdAt) },
          { header: 'Amount', cell: (withdrawal) => usd(withdrawal.amount), numeric: true },
          { header: 'Method', cell: (withdrawal) => withdrawal.methodSummary },
          { header: 'Status', cell: (withdrawal) => <StatusBadge status={withdrawal.status} /> },
        ]}
      />
      <Part
        title="Payment methods"
        rows={user.paymentMethods}
        rowKey={(method) => method.id}
        empty="No saved payment methods."
        columns={[
          { header: 'Method', cell: (method) => method.summary },
          { header: 'Type', cell: (method) => methodLabel(method.type) },
          { header: 'Default', cell: (method) => (method.isDefault ? 'Yes' : 'No') },
        ]}
      />
    </Stack>
  );
}

export function UserDetailScreen() {
  const { id = '' } = useParams();
  const user = useUserQuery(id);
  return (
    <>
      <Link asChild color="fg.muted" fontSize="sm" mb="4">
        <RouterLink to="/users">
          <ChevronLeftIcon aria-hidden="true" />
          Users
        </RouterLink>
      </Link>
      <QueryView query={user} what="the user">
        {(data) => <UserDetail user={data} />}
      </QueryView>
    </>
  );
}
