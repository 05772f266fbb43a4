/**
 * The top navigation bar on every page: logo, Market / Sell /
 * Inventory, and the account area: 'Login with Steam' when signed out, the balance and user menus
 * when signed in. Below md everything but the logo moves into the mobile menu.
 *
 * Signed in or out is decided by GET /api/user alone; if that call fails for any other reason
 * (API down) the bar shows the signed-out state rather than an error.
 */
import { lazy, memo, useDeferredValue } from 'react';
import { Box, Container, Flex, HStack, Skeleton, chakra } from '@chakra-ui/react';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import { useCurrentUser, type User } from '../queries/user';
import { LazyPart, ReloadInstead } from './LazyPart';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';
import { SteamLoginButton } from './SteamLoginButton';
import { MAIN_NAV } from './navigation';

const RouterNavLink = chakra(NavLink);
const RouterLinkBox = chakra(RouterLink);
// Signed-in only: a visitor's first download does not carry the menus.
const AccountMenus = lazy(() => import('./AccountMenus'));

/** Holds the account area's place while the session is checked or the menus load. */
function AccountSkeleton() {
  return <Skeleton h="9" w="40" borderRadius="l2" aria-hidden="true" />;
}

// The logo and the main links are memoized: the layout re-renders the bar on every navigation,
// they do not change, and the bar's links are most of its render.
const HomeLink = memo(function HomeLink() {
  return (
    <RouterLinkBox
      to="/"
      aria-label="SkinMarket home"
      display="inline-flex"
      alignItems="center"
      borderRadius="l2"
      flexShrink={0}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.400', outlineOffset: '4px' }}
    >
      <Logo />
    </RouterLinkBox>
  );
});

const MainNav = memo(function MainNav() {
  return (
    <HStack as="nav" aria-label="Main" gap="1" hideBelow="md">
      {MAIN_NAV.map(({ label, to }) => (
        <RouterNavLink
          key={to}
          to={to}
          end
          position="relative"
          px="3"
          py="2"
          borderRadius="l2"
          fontSize="sm"
          fontWeight="semibold"
          color="fg.muted"
          transition="color 150ms, background 150ms"
          _hover={{ color: 'fg', bg: 'bg.muted' }}
          _focusVisible={{ outline: '2px solid', outlineColor: 'brand.400', outlineOffset: '2px' }}
          _currentPage={{
            color: 'fg',
            _after: {
              content: '""',
              position: 'absolute',
              insetInline: '3',
              bottom: '-13px',
              height: '2px',
              borderRadius: 'full',
              bg: 'brand.500',
            },
          }}
        >
          {label}
        </RouterNavLink>
      ))}
    </HStack>
  );
});

/**
 * The user as the bar shows it: undefined while the session is being checked; null when signed out
 * (or the API is unreachable). Deferred, so the account area the answer switches to renders in a
 * background pass React can pause for input, not in the urgent one the query's answer starts.
 */
function useNavUser(): User | null | undefined {
  const { data, isPending, isError } = useCurrentUser();
  return useDeferredValue(isError ? null : isPending ? undefined : data);
}

function AccountArea() {
  const user = useNavUser();
  return (
    <HStack gap="2" hideBelow="md">
      {user === undefined ? (
        <AccountSkeleton />
      ) : user ? (
        <LazyPart name="The account menus" loading={<AccountSkeleton />} fallback={<ReloadInstead what="the account menu" />}>
          <AccountMenus user={user} />
        </LazyPart>
      ) : (
        <SteamLoginButton size="sm" px="4" />
      )}
    </HStack>
  );
}

function PhoneMenu() {
  const user = useNavUser();
  return (
    <Box hideFrom="md">
      <MobileMenu user={user} />
    </Box>
  );
}

/** The bar itself does not read the user: only its two account parts re-render when it is known. */
export function TopNav() {
  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="bg/80"
      backdropFilter="saturate(160%) blur(14px)"
      borderBottomWidth="1px"
      borderColor="border"
    >
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        <Flex h={{ base: '14', md: '16' }} align="center" gap={{ base: '3', md: '5', lg: '8' }}>
          <HomeLink />
          <MainNav />
          <Box flex="1" />
          <AccountArea />
          <PhoneMenu />
        </Flex>
      </Container>
    </Box>
  );
}
