/**
 * Profile (/profile): the signed-in user's header card (Steam avatar, name, badges, Steam ID and
 * profile link; ProfileHeader.tsx) and three tabs, 'Profile Settings' (name, e-mail and trade URL,
 * saved with PATCH /api/user/profile; ProfileSettingsForm.tsx), 'Payment Methods' (saved payout
 * methods) and 'Transactions' (the wallet's ledger history). Visitors get 'Authentication Required'.
 *
 * Offline, a save goes into the outbox (offline/queueing.ts): the form keeps showing the queued values
 * with 'Pending sync' until they are sent; a conflict found then is resolved in SyncConflictDialog.
 */
import { useState } from 'react';
import { Stack } from '@chakra-ui/react';
import { Tabs } from '@chakra-ui/react';
import { CreditCardIcon, RotateCcwClockIcon, UserCogIcon } from 'lucide-react';
import { OfflineMarker } from '../../components/OfflineMarker';
import { SignedInOnly } from '../../components/SignedInOnly';
import PaymentMethodsPanel from '../../components/wallet/PaymentMethodsPanel';
import TransactionHistory from '../../components/wallet/TransactionHistory';
import { pendingProfileUpdate, usePendingEdits } from '../../offline/pendingEdits';
import type { User } from '../../queries/user';
import { ProfileHeader } from './ProfileHeader';
import { ProfileSettingsForm } from './ProfileSettingsForm';

export default function ProfileScreen() {
  return (
    <SignedInOnly
      loadingText="Loading your profile..."
      unavailableTitle="Profile not available"
      unavailableDescription="We could not load your profile. Please try again."
      signInDescription="Please sign in with your Steam account to view and edit your profile."
    >
      {(user) => <Profile user={user} />}
    </SignedInOnly>
  );
}

function Profile({ user }: { user: User }) {
  // Bumped after a 412 conflict: remounting the form refills it from the refetched user.
  const [formGeneration, setFormGeneration] = useState(0);
  // An edit queued offline: the form shows its values (and remounts when the queue changes).
  const pendingEdits = usePendingEdits(user.steamId);
  const pendingUpdate = pendingProfileUpdate(pendingEdits);
  const pendingKey = (pendingEdits ?? []).map((entry) => entry.seq).join(',');

  return (
    <Stack gap={{ base: '6', md: '8' }} maxW="4xl" mx="auto" colorPalette="brand">
      <OfflineMarker dataset="user" />
      <ProfileHeader user={user} />
      <Tabs.Root defaultValue="settings" variant="line" colorPalette="brand" lazyMount>
        <Tabs.List borderColor="border" flexWrap="wrap" rowGap="1">
          <Tabs.Trigger value="settings" fontWeight="semibold" whiteSpace="nowrap" flexShrink={0}>
            <UserCogIcon aria-hidden="true" />
            Profile Settings
          </Tabs.Trigger>
          <Tabs.Trigger value="payments" fontWeight="semibold" whiteSpace="nowrap" flexShrink={0}>
            <CreditCardIcon aria-hidden="true" />
            Payment Methods
          </Tabs.Trigger>
          <Tabs.Trigger value="transactions" fontWeight="semibold" whiteSpace="nowrap" flexShrink={0}>
            <RotateCcwClockIcon aria-hidden="true" />
            Transactions
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="settings" pt={{ base: '5', md: '6' }}>
          <ProfileSettingsForm
            key={`${formGeneration}/${pendingKey}/${user.version}`}
            user={pendingUpdate ? { ...user, ...pendingUpdate } : user}
            pendingSync={pendingUpdate !== null}
            onConflict={() => setFormGeneration((generation) => generation + 1)}
          />
        </Tabs.Content>
        <Tabs.Content value="payments" pt={{ base: '5', md: '6' }}>
          <PaymentMethodsPanel />
        </Tabs.Content>
        <Tabs.Content value="transactions" pt={{ base: '5', md: '6' }}>
          <TransactionHistory />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
