/**
 * Profile (/profile): the signed-in user's header card (Steam avatar, name, badges, Steam ID and
 * profile link) and two tabs, 'Profile Settings' (name, e-mail and trade URL, saved with
 * PATCH /api/user/profile), 'Payment Methods' (saved payout methods) and 'Transactions' (the
 * wallet's ledger history). Visitors get 'Authentication Required'.
 *
 * Each save names the version of the cached user in If-Match; a successful save replaces the cached
 * user (and so the version). When the save is refused as stale (412) the user is refetched and the
 * settings form starts over from the newer server values.
 *
 * Offline, a save goes into the outbox (offline/queueing.ts): the form keeps showing the queued values
 * with 'Pending sync' until they are sent; a conflict found then is resolved in SyncConflictDialog.
 */
import { useEffect, useMemo, useState, type ChangeEvent, type ComponentType, type FormEvent, type ReactNode } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  Code,
  Flex,
  Heading,
  HStack,
  Icon,
  Input,
  Link,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Wrap,
} from '@chakra-ui/react';
import {
  LuBadgeCheck,
  LuCalendarDays,
  LuCloudUpload,
  LuCreditCard,
  LuExternalLink,
  LuHistory,
  LuFingerprint,
  LuSave,
  LuSparkles,
  LuUserCog,
} from 'react-icons/lu';
import { formatDate, splitDisplayName } from '../../../shared/format';
import { profileFormSchema, type ProfileForm } from '../../../shared/schemas/user';
import { ApiError } from '../api/client';
import { SignedInOnly } from '../components/SignedInOnly';
import { FormField, RequiredFieldsNote } from '../components/forms/FormField';
import { useZodForm } from '../components/forms/useZodForm';
import { toaster } from '../components/toaster';
import PaymentMethodsPanel from '../components/wallet/PaymentMethodsPanel';
import TransactionHistory from '../components/wallet/TransactionHistory';
import { UserAvatar } from '../components/UserAvatar';
import { isStaleProfileError, useUpdateProfileMutation } from '../queries/profile';
import { OfflineMarker } from '../components/OfflineMarker';
import { pendingProfileUpdate, usePendingEdits } from '../offline/pendingEdits';
import { QueuedForSync } from '../offline/queueing';
import { type User } from '../queries/user';

/** Steam's own page that shows the user's trade URL (spec: help centre, trade URL article). */
const TRADE_URL_HELP_URL = 'https://steamcommunity.com/my/tradeoffers/privacy#trade_offer_access_url';

type ProfileField = keyof ProfileForm;

/**
 * Every outcome of a save reuses one toast: toasts queue one at a time (5 s each), so a success
 * right after a failed attempt would otherwise wait behind the failure message. The update merges
 * into the shown toast, so each call sets `description` (undefined to clear the previous one).
 */
const SAVE_TOAST_ID = 'profile-save';

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
            <LuUserCog aria-hidden="true" />
            Profile Settings
          </Tabs.Trigger>
          <Tabs.Trigger value="payments" fontWeight="semibold" whiteSpace="nowrap" flexShrink={0}>
            <LuCreditCard aria-hidden="true" />
            Payment Methods
          </Tabs.Trigger>
          <Tabs.Trigger value="transactions" fontWeight="semibold" whiteSpace="nowrap" flexShrink={0}>
            <LuHistory aria-hidden="true" />
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

function ProfileHeader({ user }: { user: User }) {
  const name = user.displayName.trim() || user.username;
  const memberSince = useMemo(() => {
    try {
      return formatDate(user.createdAt);
    } catch {
      return null;
    }
  }, [user.createdAt]);

  return (
    <Card.Root as="section" aria-label="Account" bg="bg.panel" borderColor="border" overflow="hidden">
      {/* A banner in the accent colour; the avatar overlaps its lower edge. */}
      <Box
        h={{ base: '20', md: '24' }}
        bgGradient="to-r"
        gradientFrom="brand.subtle"
        gradientVia="brand.muted/70"
        gradientTo="brand.subtle"
        borderBottomWidth="1px"
        borderColor="brand.muted"
        aria-hidden="true"
      />
      <Card.Body pt="0" px={{ base: '5', md: '8' }} pb={{ base: '5', md: '7' }}>
        <Flex
          direction={{ base: 'column', sm: 'row' }}
          align="flex-start"
          gap={{ base: '3', sm: '5' }}
          mt={{ base: '-10', md: '-12' }}
        >
          <UserAvatar
            username={user.username}
            avatar={user.avatar}
            size="2xl"
            boxSize={{ base: '20', md: '24' }}
            fontSize={{ base: '2xl', md: '3xl' }}
            borderWidth="4px"
            borderColor="bg.panel"
            shadow="lg"
            flexShrink={0}
          />
          {/* Only the avatar overlaps the banner: the text starts just below its edge. */}
          <Box flex="1" minW="0" pt={{ sm: '12', md: '14' }}>
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }} lineHeight="short" wordBreak="break-word">
              {name}
            </Heading>
            {name !== user.username ? (
              <Text color="fg.muted" fontSize="sm" truncate>
                Steam name: {user.username}
              </Text>
            ) : null}
            <Wrap gap="2" mt="2">
              <Badge colorPalette="green" variant="subtle" size="md" gap="1">
                <LuBadgeCheck aria-hidden="true" />
                Verified
              </Badge>
              <Badge colorPalette="blue" variant="subtle" size="md" gap="1">
                <LuSparkles aria-hidden="true" />
                New Trader
              </Badge>
            </Wrap>
          </Box>
          {user.profileUrl ? (
            <Button
              asChild
              variant="outline"
              size="sm"
              borderColor="border.emphasized"
              flexShrink={0}
              mt={{ sm: '12', md: '14' }}
            >
              <a href={user.profileUrl} target="_blank" rel="noopener noreferrer">
                View Steam Profile
                <LuExternalLink aria-hidden="true" />
              </a>
            </Button>
          ) : null}
        </Flex>

        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" mt={{ base: '5', md: '6' }}>
          <HeaderFact icon={LuFingerprint} label="Steam ID">
            {user.steamId ? (
              <Code variant="plain" px="0" bg="transparent" fontSize="sm" color="fg" wordBreak="break-all">
                {user.steamId}
              </Code>
            ) : (
              <Text as="span" color="fg.muted">
                Not connected
              </Text>
            )}
          </HeaderFact>
          {memberSince ? (
            <HeaderFact icon={LuCalendarDays} label="Member since">
              {memberSince}
            </HeaderFact>
          ) : null}
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}

function HeaderFact({ icon, label, children }: { icon: ComponentType; label: string; children: ReactNode }) {
  return (
    <HStack gap="3" px="4" py="3" bg="bg.muted" borderRadius="l2" borderWidth="1px" borderColor="border" minW="0">
      <Icon as={icon} boxSize="5" color="brand.fg" flexShrink={0} aria-hidden="true" />
      <Box minW="0">
        <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider" color="fg.subtle">
          {label}
        </Text>
        <Box fontSize="sm" fontWeight="medium">
          {children}
        </Box>
      </Box>
    </HStack>
  );
}

/** The first message the schema gives for one field of these values, if any. */
function fieldError(values: ProfileForm, name: ProfileField): string | undefined {
  const result = profileFormSchema.safeParse(values);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path[0] === name)?.message;
}

/**
 * The server names the display name as one field; the form shows it as first and last name, and
 * the message itself says which part is wrong ('Last name must be at least 2 characters').
 */
function toFormFieldErrors(fields: Record<string, string>): Record<string, string> {
  const mapped: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields)) {
    if (field === 'displayName') mapped[message.startsWith('Last') ? 'lastName' : 'firstName'] = message;
    else mapped[field] = message;
  }
  return mapped;
}

interface ProfileSettingsFormProps {
  user: User;
  /** The values shown are queued offline, not yet on the server. */
  pendingSync: boolean;
  /** The save was refused because the profile changed elsewhere; the user has been refetched. */
  onConflict: () => void;
}

function ProfileSettingsForm({ user, pendingSync, onConflict }: ProfileSettingsFormProps) {
  const updateProfile = useUpdateProfileMutation();
  const form = useZodForm({
    schema: profileFormSchema,
    initialValues: {
      ...splitDisplayName(user.displayName),
      email: user.email,
      tradeUrl: user.tradeUrl,
    } satisfies ProfileForm,
  });
  // Messages shown when a field is left invalid. The form hook shows its own on submit and for
  // the server's answer; editing a field clears both kinds (spec: an error clears on edit).
  const [blurErrors, setBlurErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const isValid = useMemo(() => profileFormSchema.safeParse(form.values).success, [form.values]);

  // While saving, the button is disabled and loses focus. When the save ends and nothing else took
  // focus (no field was focused for a server error), give it back so keyboard users stay in place.
  const { formRef } = form;
  const { status } = updateProfile;
  useEffect(() => {
    if (status !== 'success' && status !== 'error') return;
    if (document.activeElement && document.activeElement !== document.body) return;
    formRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }, [status, formRef]);

  function fieldProps(name: ProfileField) {
    const { onChange, ...props } = form.inputProps(name);
    return {
      ...props,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        onChange(event);
        setBlurErrors(({ [name]: _cleared, ...rest }) => rest);
      },
      onBlur: () => {
        const message = fieldError(form.values, name);
        setBlurErrors((current) => ({ ...current, [name]: message }));
      },
    };
  }

  function errorOf(name: ProfileField): string | undefined {
    return form.errors[name] ?? blurErrors[name];
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (updateProfile.isPending) return;
    const input = form.validate();
    if (!input) {
      toaster.create({
        id: SAVE_TOAST_ID,
        title: 'Please fix the validation errors before saving',
        description: undefined,
        type: 'error',
      });
      return;
    }
    try {
      await updateProfile.mutateAsync({
        update: {
          displayName: `${input.firstName} ${input.lastName}`,
          email: input.email,
          tradeUrl: input.tradeUrl,
        },
        version: user.version,
        queueOffline: true,
      });
      toaster.create({ id: SAVE_TOAST_ID, title: 'Profile updated successfully', description: undefined, type: 'success' });
    } catch (error) {
      handleSaveError(error);
    }
  }

  function handleSaveError(error: unknown) {
    if (error instanceof QueuedForSync) {
      toaster.create({ id: SAVE_TOAST_ID, title: 'Pending sync', description: error.message, type: 'info' });
      return;
    }
    if (isStaleProfileError(error)) {
      onConflict();
      toaster.create({
        id: SAVE_TOAST_ID,
        title: 'Your profile changed elsewhere',
        description:
          'It was updated in another tab or on another device, so nothing was saved. The latest version is shown now: review it and save again.',
        type: 'warning',
      });
      return;
    }
    if (error instanceof ApiError && error.status === 400 && error.body.fields) {
      form.applyServerErrors(
        new ApiError(error.status, error.detail, { ...error.body, fields: toFormFieldErrors(error.body.fields) }),
      );
    }
    toaster.create({
      id: SAVE_TOAST_ID,
      title: 'Failed to update profile',
      description: error instanceof ApiError ? error.detail : 'Please check your connection and try again.',
      type: 'error',
    });
  }

  return (
    <Card.Root bg="bg.panel" borderColor="border" overflow="hidden">
      <Box h="1" bgGradient="to-r" gradientFrom="brand.600" gradientTo="brand.300" aria-hidden="true" />
      <Card.Header px={{ base: '5', md: '8' }} pt={{ base: '5', md: '7' }} pb="0" gap="1">
        <HStack gap="3" wrap="wrap">
          <Heading as="h2" size="lg">
            Profile Settings
          </Heading>
          {pendingSync ? (
            <Badge colorPalette="orange" variant="subtle" size="md" gap="1">
              <LuCloudUpload aria-hidden="true" />
              Pending sync
            </Badge>
          ) : null}
        </HStack>
        <Text color="fg.muted" fontSize="sm">
          Your name and e-mail appear on receipts and support replies. Your trade URL lets our trade bot send you
          offers.
        </Text>
      </Card.Header>
      <Card.Body px={{ base: '5', md: '8' }} pt="6" pb={{ base: '5', md: '8' }}>
        <form ref={form.formRef} onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Profile settings">
          <Stack gap="5">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              <FormField label="First Name" required error={errorOf('firstName')}>
                <Input {...fieldProps('firstName')} autoComplete="given-name" placeholder="First name" />
              </FormField>
              <FormField label="Last Name" required error={errorOf('lastName')}>
                <Input {...fieldProps('lastName')} autoComplete="family-name" placeholder="Last name" />
              </FormField>
            </SimpleGrid>
            <FormField label="Email" required error={errorOf('email')}>
              <Input {...fieldProps('email')} type="email" inputMode="email" autoComplete="email" placeholder="you@example.com" />
            </FormField>
            <FormField
              label="Steam Trade URL"
              required
              error={errorOf('tradeUrl')}
              helperText={
                <>
                  Our trade bot sends your sale offers to this URL. It must belong to the Steam account you signed in
                  with.{' '}
                  <Link href={TRADE_URL_HELP_URL} target="_blank" rel="noopener noreferrer" color="brand.fg" fontWeight="medium">
                    Find your trade URL
                    <LuExternalLink aria-hidden="true" />
                  </Link>
                </>
              }
            >
              <Input
                {...fieldProps('tradeUrl')}
                type="url"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                placeholder="https://steamcommunity.com/tradeoffer/new/?partner=…&token=…"
              />
            </FormField>

            <Flex
              direction={{ base: 'column-reverse', sm: 'row' }}
              align={{ base: 'stretch', sm: 'center' }}
              justify="space-between"
              gap="4"
              pt="2"
            >
              <RequiredFieldsNote />
              <Button
                type="submit"
                colorPalette="brand"
                size="lg"
                disabled={!isValid}
                loading={updateProfile.isPending}
                loadingText="Saving Profile..."
                minW={{ sm: '44' }}
              >
                <LuSave aria-hidden="true" />
                Save Profile
              </Button>
            </Flex>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
