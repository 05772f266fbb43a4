/**
 * The landing page's primary button: signed in, 'Browse Marketplace' to /market; signed out
 * (or while the session is being checked), 'Login with Steam & Start Selling' to /auth/steam.
 */
import { Button, type ButtonProps } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowRightIcon } from 'lucide-react';
import { SteamLoginButton } from '../../components/SteamLoginButton';
import { useCurrentUser } from '../../queries/user';

export function PrimaryAction(props: Omit<ButtonProps, 'asChild' | 'children'>) {
  const { data: user } = useCurrentUser();
  if (user) {
    return (
      <Button colorPalette="brand" fontWeight="semibold" {...props} asChild>
        <RouterLink to="/market">
          Browse Marketplace
          <ArrowRightIcon aria-hidden="true" />
        </RouterLink>
      </Button>
    );
  }
  return <SteamLoginButton label="Login with Steam & Start Selling" {...props} />;
}
