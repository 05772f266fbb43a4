/** The signed-in user menu: avatar and username, with the account pages and Logout. */
import { Box, Button, Portal, Text } from '@chakra-ui/react';
import { Menu } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowUpFromLineIcon, BellRingIcon, ChevronDownIcon, ClipboardListIcon, HandCoinsIcon, LogOutIcon, UserIcon, WalletIcon } from 'lucide-react';
import { useLogoutMutation } from '../logout';
import type { User } from '../queries/user';
import { UserAvatar } from './UserAvatar';
import { ACCOUNT_LINKS } from './navigation';

const MENU_LINKS = [
  { value: 'profile', icon: UserIcon, ...ACCOUNT_LINKS.profile },
  { value: 'listings', icon: ClipboardListIcon, ...ACCOUNT_LINKS.listings },
  { value: 'buy-orders', icon: HandCoinsIcon, ...ACCOUNT_LINKS.buyOrders },
  { value: 'watchlist', icon: BellRingIcon, ...ACCOUNT_LINKS.watchlist },
  { value: 'top-up', icon: WalletIcon, ...ACCOUNT_LINKS.topUp },
  { value: 'withdraw-funds', icon: ArrowUpFromLineIcon, ...ACCOUNT_LINKS.withdrawFunds },
];

export function UserMenu({ user }: { user: User }) {
  const logout = useLogoutMutation();

  function handleLogout() {
    logout.mutate();
  }

  return (
    <Menu.Root positioning={{ placement: 'bottom-end', gutter: 8 }}>
      <Menu.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          ps="1"
          pe="2"
          gap="2"
          aria-label={`Account menu: ${user.username}`}
          _hover={{ bg: 'bg.muted' }}
          _expanded={{ bg: 'bg.muted' }}
        >
          <UserAvatar username={user.username} avatar={user.avatar} size="xs" />
          <Text as="span" maxW="36" truncate fontWeight="semibold" hideBelow="lg">
            {user.username}
          </Text>
          <ChevronDownIcon aria-hidden="true" />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56" bg="bg.panel" borderWidth="1px" borderColor="border.emphasized" p="1.5">
            <Box px="2" py="2" mb="1" borderBottomWidth="1px" borderColor="border">
              <Text fontWeight="semibold" truncate>
                {user.username}
              </Text>
              {user.displayName && user.displayName !== user.username ? (
                <Text fontSize="xs" color="fg.muted" truncate>
                  {user.displayName}
                </Text>
              ) : null}
            </Box>
            {MENU_LINKS.map(({ value, icon: Icon, label, to }) => (
              <Menu.Item key={value} value={value} asChild py="2">
                <RouterLink to={to}>
                  <Icon aria-hidden="true" />
                  {label}
                </RouterLink>
              </Menu.Item>
            ))}
            <Menu.Separator />
            <Menu.Item
              value="logout"
              py="2"
              color="fg.error"
              _highlighted={{ bg: 'bg.error', color: 'fg.error' }}
              disabled={logout.isPending}
              onSelect={handleLogout}
            >
              <LogOutIcon aria-hidden="true" />
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
