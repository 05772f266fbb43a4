/**
 * Sign-in failures land on `/?login=failed` (the server refused the Steam assertion or it expired).
 * Say so plainly, offer another try, and drop the flag from the URL when dismissed.
 */
import { Alert, CloseButton, Stack } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { SteamLoginButton } from './SteamLoginButton';

export function LoginFailedNotice() {
  const [searchParams, setSearchParams] = useSearchParams();
  if (searchParams.get('login') !== 'failed') return null;

  const dismiss = () => {
    const next = new URLSearchParams(searchParams);
    next.delete('login');
    setSearchParams(next, { replace: true });
  };

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
      <CloseButton size="sm" aria-label="Dismiss" onClick={dismiss} />
    </Alert.Root>
  );
}
