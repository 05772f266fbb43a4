/**
 * The landing page's primary button (spec): signed in, 'Browse Marketplace' to /market; signed out
 * (or while the session is being checked), 'Login with Steam & Start Selling' to /auth/steam.
 *
 * While the prerendered landing page hydrates it is the signed-out button, as in the HTML: the
 * session check may have answered before this part of the page hydrates (React hydrates the
 * screen after the bar around it), and a different button would not hydrate.
 */
import { Button, type ButtonProps } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { LuArrowRight } from 'react-icons/lu';
import { SteamLoginButton } from '../../components/SteamLoginButton';
import { useCurrentUser } from '../../queries/user';
import { useHydrated } from '../../useHydrated';

export function PrimaryAction(props: Omit<ButtonProps, 'asChild' | 'children'>) {
  const { data: user } = useCurrentUser();
  const hydrated = useHydrated();
  if (user && hydrated) {
    return (
      <Button colorPalette="brand" fontWeight="semibold" {...props} asChild>
        <RouterLink to="/market">
          Browse Marketplace
          <LuArrowRight aria-hidden="true" />
        </RouterLink>
      </Button>
    );
  }
  return <SteamLoginButton label="Login with Steam & Start Selling" {...props} />;
}
