/** The signed-in balance button ("$12.34") whose dropdown offers Add Funds and Withdraw. */
import { Button, Portal, Text } from '@chakra-ui/react';
import { Menu } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowUpFromLineIcon, ChevronDownIcon, PlusIcon, WalletIcon } from 'lucide-react';
import { formatBalance } from '../queries/user';
import { ACCOUNT_LINKS } from './navigation';

export function BalanceMenu({ balance }: { balance: string | null | undefined }) {
  const dollars = formatBalance(balance);
  return (
    <Menu.Root positioning={{ placement: 'bottom-end', gutter: 8 }}>
      <Menu.Trigger asChild>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Balance ${dollars}`}
          borderColor="border.emphasized"
          bg="bg.panel"
          _hover={{ bg: 'bg.muted', borderColor: 'brand.600' }}
          _expanded={{ bg: 'bg.muted', borderColor: 'brand.500' }}
          gap="2"
        >
          <WalletIcon aria-hidden="true" style={{ color: 'var(--chakra-colors-brand-400)' }} />
          <Text as="span" fontWeight="semibold" fontVariantNumeric="tabular-nums">
            {dollars}
          </Text>
          <ChevronDownIcon aria-hidden="true" />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="48" bg="bg.panel" borderWidth="1px" borderColor="border.emphasized" p="1.5">
            <Menu.Item value="add-funds" asChild py="2">
              <RouterLink to={ACCOUNT_LINKS.addFunds.to}>
                <PlusIcon aria-hidden="true" />
                {ACCOUNT_LINKS.addFunds.label}
              </RouterLink>
            </Menu.Item>
            <Menu.Item value="withdraw" asChild py="2">
              <RouterLink to={ACCOUNT_LINKS.withdraw.to}>
                <ArrowUpFromLineIcon aria-hidden="true" />
                {ACCOUNT_LINKS.withdraw.label}
              </RouterLink>
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
