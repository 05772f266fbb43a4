/** The notice of a failed Steam sign-in (LoginFailedNotice.tsx shows it), with another try and a way to dismiss it. */
import { CloseButton, Stack } from '@chakra-ui/react';
import { Alert } from '@chakra-ui/react';
import { SteamLoginButton } from './SteamLoginButton';

export default function LoginFailedAlert({ onDismiss }: { onDismiss: () => void }) {
  return (
    <Alert.Root role="alert" status="error" variant="subtle" mb={{ base: '6', md: '8' }} borderRadius="l3" alignItems="center">
      <Alert.Indicator />
      <Stack gap="1" flex="1">
        <Alert.Title>Steam sign-in failed</Alert.Title>
        <Alert.Description>
          We could not confirm your Steam sign-in, so you are not signed in. This happens when the sign-in took too long or
          was opened in another browser. Please try again.
        </Alert.Description>
      </Stack>
      <SteamLoginButton label="Try again" size="sm" flexShrink={0} />
      <CloseButton size="sm" aria-label="Dismiss" onClick={onDismiss} />
    </Alert.Root>
  );
}
