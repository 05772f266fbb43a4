/**
 * Add Funds (/add-funds): the current balance, the four deposit methods and a panel for the chosen
 * one (docs/adr/0005-deposits-call-the-provider-in-the-transaction.md).
 *
 * - PayPal (PayPalDeposit.tsx, depositForm.ts): an amount ($10.00 - $1,000.00), then
 *   POST /api/deposits and a full navigation to the provider's hosted checkout. The checkout sends
 *   the browser back to /add-funds?deposit=success or ?deposit=cancelled; the balance changes only
 *   when the provider's signed webhook has been processed, so after a success the user and the
 *   deposits are polled briefly until the deposit is credited (DepositReturnBanner.tsx).
 * - Bank wire (USA), SEPA and crypto (TransferInstructions.tsx): the company's fixed receiving
 *   details (depositInstructions.ts) plus the user's personal reference code, which operators
 *   match when they credit the transfer. Every detail has a copy button (CopyableDetails.tsx).
 *
 * Visitors get 'Authentication Required'.
 */
import { useState } from 'react';
import { Badge, Box, Card, Flex, Heading, Icon, SimpleGrid, Text } from '@chakra-ui/react';
import { RadioCard } from '@chakra-ui/react';
import { ArrowUpFromLineIcon } from 'lucide-react';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHOD_TYPES,
  PROCESSING_TIMES,
  type PaymentMethodType,
} from '../../../../shared/constants';
import { SignedInOnly } from '../../components/SignedInOnly';
import { BalanceCard } from '../../components/wallet/BalanceCard';
import { PAYMENT_METHOD_ICONS, PaymentMethodIcon } from '../../components/wallet/PaymentMethodSummary';
import { WalletScreenLayout } from '../../components/wallet/WalletScreenLayout';
import type { User } from '../../queries/user';
import { RecentDeposits, ReferenceCard } from './DepositAside';
import { DepositReturnBanner } from './DepositReturnBanner';
import { PayPalDeposit } from './PayPalDeposit';
import { BankWireInstructions, CryptoInstructions, SepaInstructions } from './TransferInstructions';

const METHOD_SUMMARIES: Record<PaymentMethodType, string> = {
  paypal: 'Card or PayPal balance',
  bank_wire_usa: 'From a US bank account',
  iban_sepa: 'SEPA transfer in euros',
  crypto: 'BTC, ETH or LTC',
};

export default function AddFundsScreen() {
  return (
    <SignedInOnly
      unavailableTitle="Add Funds is not available"
      signInDescription="Please sign in with your Steam account to add funds to your balance."
    >
      {(user) => <AddFunds user={user} />}
    </SignedInOnly>
  );
}

function AddFunds({ user }: { user: User }) {
  const [method, setMethod] = useState<PaymentMethodType>('paypal');

  return (
    <WalletScreenLayout
      title="Add Funds"
      subtitle="Top up your balance to buy skins on the marketplace. Pick a payment method to get started."
      notice={<DepositReturnBanner />}
      balance={
        <BalanceCard
          headingId="balance-heading"
          label="Current Balance"
          balance={user.balance}
          link={{ to: '/withdraw', label: 'Withdraw Funds', icon: <ArrowUpFromLineIcon aria-hidden="true" /> }}
        />
      }
      main={
        <>
          <MethodPicker value={method} onChange={setMethod} />
          <MethodPanel method={method} reference={user.depositReference} />
        </>
      }
      aside={
        <>
          <ReferenceCard reference={user.depositReference} />
          <RecentDeposits />
        </>
      }
    />
  );
}

function MethodPicker({ value, onChange }: { value: PaymentMethodType; onChange: (method: PaymentMethodType) => void }) {
  return (
    <Box as="section" aria-labelledby="deposit-method-heading">
      <Heading as="h2" id="deposit-method-heading" size="lg" mb={3}>
        Choose a payment method
      </Heading>
      <RadioCard.Root
        value={value}
        onValueChange={({ value: next }) => {
          if (next) onChange(next as PaymentMethodType);
        }}
        name="deposit-method"
        orientation="vertical"
        align="center"
        variant="outline"
        colorPalette="brand"
        aria-labelledby="deposit-method-heading"
      >
        <SimpleGrid columns={{ base: 2, md: 4 }} gap={3}>
          {PAYMENT_METHOD_TYPES.map((type) => (
            <RadioCard.Item
              key={type}
              value={type}
              bg="bg.panel"
              borderColor="border"
              _checked={{ bg: 'brand.subtle', borderColor: 'brand.solid' }}
              transition="background 150ms, border-color 150ms"
            >
              <RadioCard.ItemHiddenInput />
              <RadioCard.ItemControl py={4} px={3} gap={2}>
                <Icon as={PAYMENT_METHOD_ICONS[type]} boxSize="6" color="brand.fg" aria-hidden="true" />
                <RadioCard.ItemText fontWeight="semibold" textAlign="center">
                  {PAYMENT_METHOD_LABELS[type]}
                </RadioCard.ItemText>
                <RadioCard.ItemDescription textAlign="center" fontSize="xs">
                  {PROCESSING_TIMES[type]}
                </RadioCard.ItemDescription>
              </RadioCard.ItemControl>
            </RadioCard.Item>
          ))}
        </SimpleGrid>
      </RadioCard.Root>
    </Box>
  );
}

function MethodPanel({ method, reference }: { method: PaymentMethodType; reference: string }) {
  return (
    <Card.Root as="section" aria-labelledby="deposit-panel-heading" bg="bg.panel" borderColor="border">
      <Card.Header p={{ base: 5, md: 6 }} pb={{ base: 0, md: 0 }}>
        <Flex align="center" gap={3} wrap="wrap">
          <PaymentMethodIcon type={method} />
          <Box flex="1" minW="10rem">
            <Heading as="h2" id="deposit-panel-heading" size="lg">
              {PAYMENT_METHOD_LABELS[method]}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {METHOD_SUMMARIES[method]}
            </Text>
          </Box>
          <Badge colorPalette={method === 'paypal' ? 'green' : 'gray'} variant="subtle" size="md">
            Processing: {PROCESSING_TIMES[method]}
          </Badge>
        </Flex>
      </Card.Header>
      <Card.Body p={{ base: 5, md: 6 }}>
        {method === 'paypal' && <PayPalDeposit />}
        {method === 'bank_wire_usa' && <BankWireInstructions reference={reference} />}
        {method === 'iban_sepa' && <SepaInstructions reference={reference} />}
        {method === 'crypto' && <CryptoInstructions reference={reference} />}
      </Card.Body>
    </Card.Root>
  );
}
