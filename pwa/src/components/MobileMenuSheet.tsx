/**
 * The mobile menu's side sheet (MobileMenu.tsx loads it on first use): Market, Sell (to
 * /market#sell on phones) and Inventory, then either the account block (username,
 * balance, Add Funds, Withdraw, My Profile, Logout) or 'Login with Steam'. It closes on an outside
 * click, on Escape and whenever a link in it is followed; focus then returns to the menu button.
 */
import type { ComponentType, ReactNode, RefObject } from 'react';
import {
  Box,
  Button,
  CloseButton,
  HStack,
  Portal,
  Separator,
  Skeleton,
  Stack,
  Text,
  chakra,
} from '@chakra-ui/react';
import { Drawer } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowUpFromLineIcon, BackpackIcon, BellRingIcon, LogOutIcon, PlusIcon, StoreIcon, TagIcon, UserIcon } from 'lucide-react';
import { useLogoutMutation } from '../logout';
import { formatBalance, type User } from '../queries/user';
import { Logo } from './Logo';
import { SteamLoginButton } from './SteamLoginButton';
import { UserAvatar } from './UserAvatar';
import { ACCOUNT_LINKS, MOBILE_NAV } from './navigation';

const NAV_ICONS: Record<string, ComponentType> = {
  Market: StoreIcon,
  Sell: TagIcon,
  Inventory: BackpackIcon,
};

const RouterPlainLink = chakra(RouterLink);

const rowStyles = {
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '3',
  minH: '11',
  borderRadius: 'l2',
  fontWeight: 'medium',
  color: 'fg',
  transition: 'background 150ms, color 150ms',
  _hover: { bg: 'bg.muted', textDecoration: 'none' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.400', outlineOffset: '-2px' },
  '& svg': { boxSize: '5', color: 'fg.muted', flexShrink: 0 },
} as const;

function SectionLabel({ children }: { children: ReactNode }) {
  return (
    <Text px="3" mb="1" fontSize="xs" fontWeight="semibold" letterSpacing="wider" textTransform="uppercase" color="fg.subtle">
      {children}
    </Text>
  );
}

interface MobileMenuSheetProps {
  /** The user, null when signed out, undefined while the session is still being checked. */
  user: User | null | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button, which gets the focus back when the sheet closes. */
  trigger: RefObject<HTMLButtonElement | null>;
}

export default function MobileMenuSheet({ user, open, onOpenChange, trigger }: MobileMenuSheetProps) {
  const logout = useLogoutMutation();

  function handleNavigate() {
    onOpenChange(false);
  }

  function handleLogout() {
    logout.mutate();
  }

  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      finalFocusEl={() => trigger.current}
      placement="end"
      size="xs"
    >
      <Portal>
        <Drawer.Backdrop bg="blackAlpha.700" backdropFilter="blur(2px)" />
        <Drawer.Positioner>
          <Drawer.Content bg="bg.panel" borderStartWidth="1px" borderColor="border.emphasized">
            <Drawer.Header py="3" px="4" minH="14" borderBottomWidth="1px" borderColor="border">
              <Drawer.Title srOnly>Menu</Drawer.Title>
              <Logo size="sm" />
            </Drawer.Header>
            <Drawer.CloseTrigger asChild top="2.5" insetEnd="3">
              <CloseButton aria-label="Close menu" size="sm" />
            </Drawer.CloseTrigger>
            <Drawer.Body px="3" py="4">
              <Stack gap="6">
                <chakra.nav aria-label="Mobile">
                  <SectionLabel>Browse</SectionLabel>
                  <Stack gap="0.5">
                    {MOBILE_NAV.map(({ label, to }) => {
                      const Icon = NAV_ICONS[label] ?? StoreIcon;
                      return (
                        <RouterPlainLink key={to} to={to} onClick={handleNavigate} css={rowStyles}>
                          <Icon />
                          {label}
                        </RouterPlainLink>
                      );
                    })}
                  </Stack>
                </chakra.nav>

                <Separator borderColor="border" />

                {user === undefined ? (
                  <Stack gap="3" px="3" aria-hidden="true">
                    <Skeleton h="12" borderRadius="l2" />
                    <Skeleton h="10" borderRadius="l2" />
                  </Stack>
                ) : user ? (
                  <Stack gap="4">
                    <HStack gap="3" px="3" py="3" bg="bg.muted" borderRadius="l3" borderWidth="1px" borderColor="border">
                      <UserAvatar username={user.username} avatar={user.avatar} size="md" />
                      <Box minW="0" flex="1">
                        <Text fontWeight="semibold" truncate>
                          {user.username}
                        </Text>
                        <Text fontSize="sm" color="fg.muted">
                          Balance{' '}
                          <Text as="span" color="brand.300" fontWeight="semibold" fontVariantNumeric="tabular-nums">
                            {formatBalance(user.balance)}
                          </Text>
                        </Text>
                      </Box>
                    </HStack>
                    <Stack gap="0.5" as="nav" aria-label="Account">
                      <SectionLabel>Account</SectionLabel>
                      <RouterPlainLink to={ACCOUNT_LINKS.addFunds.to} onClick={handleNavigate} css={rowStyles}>
                        <PlusIcon />
                        {ACCOUNT_LINKS.addFunds.label}
                      </RouterPlainLink>
                      <RouterPlainLink to={ACCOUNT_LINKS.withdraw.to} onClick={handleNavigate} css={rowStyles}>
                        <ArrowUpFromLineIcon />
                        {ACCOUNT_LINKS.withdraw.label}
                      </RouterPlainLink>
                      <RouterPlainLink to={ACCOUNT_LINKS.profile.to} onClick={handleNavigate} css={rowStyles}>
                        <UserIcon />
                        {ACCOUNT_LINKS.profile.label}
                      </RouterPlainLink>
                      <RouterPlainLink to={ACCOUNT_LINKS.watchlist.to} onClick={handleNavigate} css={rowStyles}>
                        <BellRingIcon />
                        {ACCOUNT_LINKS.watchlist.label}
                      </RouterPlainLink>
                    </Stack>
                    <Button
                      variant="outline"
                      colorPalette="red"
                      justifyContent="flex-start"
                      onClick={handleLogout}
                      loading={logout.isPending}
                    >
                      <LogOutIcon aria-hidden="true" />
                      Logout
                    </Button>
                  </Stack>
                ) : (
                  <Box>
                    <SteamLoginButton w="full" size="lg" />
                    <Text mt="3" fontSize="sm" color="fg.muted" textAlign="center">
                      Sign in to sell skins and manage your balance.
                    </Text>
                  </Box>
                )}
              </Stack>
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
