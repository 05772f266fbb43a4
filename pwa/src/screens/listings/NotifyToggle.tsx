/**
 * 'Notify me' on My Listings: subscribes this device to Web Push (queries/pushSubscriptions.ts), so
 * the service worker shows a notification when a listing's hold ends, it sells, it is paid out, or
 * it is cancelled or reversed, even with the app closed. Hidden where the browser has no Web Push;
 * disabled offline (subscribing needs the server).
 */
import { HStack, Spinner, Text } from '@chakra-ui/react';
import { Switch } from '@chakra-ui/react';
import { ApiError } from '../../api/client';
import { toaster } from '../../components/toaster';
import { useOnline } from '../../offline/network';
import { NotificationsBlockedError, pushSupported, usePushSubscriptionQuery, useSetPushSubscriptionMutation } from '../../queries/pushSubscriptions';

export function NotifyToggle() {
  const { data: subscribed, isPending } = usePushSubscriptionQuery();
  const setSubscribed = useSetPushSubscriptionMutation();
  const online = useOnline();
  if (!pushSupported()) return null;

  function handleChange(checked: boolean) {
    setSubscribed.mutate(checked, {
      onSuccess: () =>
        toaster.create({
          title: checked ? 'Notifications on' : 'Notifications off',
          description: checked
            ? 'This device will be notified when your listings change.'
            : 'This device will no longer be notified about your listings.',
          type: 'success',
        }),
      onError: (error) =>
        toaster.create({
          title: checked ? 'Could not turn on notifications' : 'Could not turn off notifications',
          description:
            error instanceof NotificationsBlockedError
              ? error.message
              : error instanceof ApiError
                ? error.detail
                : 'Please check your connection and try again.',
          type: 'error',
        }),
    });
  }

  return (
    <HStack gap="2">
      <Switch.Root
        colorPalette="brand"
        checked={subscribed === true}
        disabled={isPending || setSubscribed.isPending || !online}
        onCheckedChange={(details) => handleChange(details.checked)}
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>
          <Text as="span" fontSize="sm" fontWeight="medium">
            Notify me
          </Text>
        </Switch.Label>
      </Switch.Root>
      {setSubscribed.isPending ? <Spinner size="xs" color="brand.400" /> : null}
    </HStack>
  );
}
