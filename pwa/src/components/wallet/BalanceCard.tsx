/**
 * The wallet screens' balance card (Add Funds: 'Current Balance'; Withdraw: 'Available Balance'):
 * the brand stripe, a wallet icon, the label and the amount, then the screen's own lines and the
 * link to the other wallet screen.
 */
import { type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Card, Center, Flex, Text } from '@chakra-ui/react';
import { WalletIcon } from 'lucide-react';
import { formatBalance } from '../../queries/user';

interface BalanceCardProps {
  /** The label's id, which names the section. */
  headingId: string;
  label: string;
  /** A money amount as the API gives it ("12.50"). */
  balance: string;
  /** Notes under the amount (Withdraw: the minimum). */
  children?: ReactNode;
  /** The button to the other wallet screen. */
  link: { to: string; label: string; icon: ReactNode };
}

export function BalanceCard({ headingId, label, balance, children, link }: BalanceCardProps) {
  return (
    <Card.Root as="section" aria-labelledby={headingId} bg="bg.panel" borderColor="border" overflow="hidden">
      <Box h="1" bgGradient="to-r" gradientFrom="brand.600" gradientTo="brand.300" aria-hidden="true" />
      <Card.Body p={{ base: 5, md: 6 }} gap={4}>
        <Flex align="center" gap={4}>
          <Center boxSize="12" flexShrink={0} borderRadius="lg" bg="brand.subtle" color="brand.fg" borderWidth="1px" borderColor="brand.muted">
            <WalletIcon size="22" aria-hidden="true" />
          </Center>
          <Box minW={0}>
            <Text id={headingId} fontSize="sm" color="fg.muted">
              {label}
            </Text>
            <Text fontSize={{ base: '2xl', md: '3xl' }} fontWeight="bold" lineHeight="short" fontVariantNumeric="tabular-nums">
              {formatBalance(balance)}
            </Text>
          </Box>
        </Flex>
        {children}
        <Button asChild variant="outline" size="sm" borderColor="border.emphasized" alignSelf="flex-start">
          <RouterLink to={link.to}>
            {link.icon}
            {link.label}
          </RouterLink>
        </Button>
      </Card.Body>
    </Card.Root>
  );
}
