/**
 * The Profile's 'Profile Settings' card: first and last name, e-mail and trade URL, saved with
 * PATCH /api/user/profile (profileForm.ts maps the values and the server's field errors).
 *
 * Each save names the version of the cached user in If-Match; a successful save replaces the cached
 * user (and so the version). When the save is refused as stale (412) the user is refetched and
 * `onConflict` lets the screen start the form over from the newer server values. Offline, a save
 * goes into the outbox and the toast says 'Pending sync'.
 */
import { useEffect, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { Badge, Box, Button, Card, Flex, Heading, HStack, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { CloudUploadIcon, ExternalLinkIcon, SaveIcon } from 'lucide-react';
import { profileFormSchema } from '../../../../shared/schemas/user';
import { ApiError } from '../../api/client';
import { FormField, RequiredFieldsNote } from '../../components/forms/FormField';
import { useZodForm } from '../../components/forms/useZodForm';
import { toaster } from '../../components/toaster';
import { QueuedForSync } from '../../offline/queuedForSync';
import { isStaleProfileError, useUpdateProfileMutation } from '../../queries/profile';
import type { User } from '../../queries/user';
import { fieldError, profileFormValues, profileUpdate, toFormFieldErrors, type ProfileField } from './profileForm';

/** Steam's own page that shows the user's trade URL (the Help Centre links it too). */
const TRADE_URL_HELP_URL = 'https://steamcommunity.com/my/tradeoffers/privacy#trade_offer_access_url';

/**
 * Every outcome of a save reuses one toast: toasts queue one at a time (5 s each), so a success
 * right after a failed attempt would otherwise wait behind the failure message. The update merges
 * into the shown toast, so each call sets `description` (undefined to clear the previous one).
 */
const SAVE_TOAST_ID = 'profile-save';

interface ProfileSettingsFormProps {
  user: User;
  /** The values shown are queued offline, not yet on the server. */
  pendingSync: boolean;
  /** The save was refused because the profile changed elsewhere; the user has been refetched. */
  onConflict: () => void;
}

export function ProfileSettingsForm({ user, pendingSync, onConflict }: ProfileSettingsFormProps) {
  const updateProfile = useUpdateProfileMutation();
  const form = useZodForm({ schema: profileFormSchema, initialValues: profileFormValues(user) });
  // Messages shown when a field is left invalid. The form hook shows its own on submit and for
  // the server's answer; editing a field clears both kinds.
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
      await updateProfile.mutateAsync({ update: profileUpdate(input), version: user.version, queueOffline: true });
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
              <CloudUploadIcon aria-hidden="true" />
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
                    <ExternalLinkIcon aria-hidden="true" />
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
                <SaveIcon aria-hidden="true" />
                Save Profile
              </Button>
            </Flex>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
