/**
 * The fixed instructions of the transfer methods (part of the page, not fetched): the
 * company's bank wire and SEPA accounts and one address per coin (depositInstructions.ts), each
 * with the user's personal reference code, which operators match when they credit the transfer.
 */
import { type ReactNode } from 'react';
import { Box, Center, Flex, Icon, Stack, Text } from '@chakra-ui/react';
import { Alert } from '@chakra-ui/react';
import { List } from '@chakra-ui/react';
import { QrCode } from '@chakra-ui/react';
import { Tabs } from '@chakra-ui/react';
import { BitcoinIcon, CircleExclamationPointIcon, DiamondIcon, LetterLIcon } from 'lucide-react';
import { CRYPTO_CURRENCIES, PROCESSING_TIMES } from '../../../../shared/constants';
import { SupportEmailLink } from '../../components/LegalPage';
import { DetailList, DetailRow } from './CopyableDetails';
import { DEPOSIT_INSTRUCTIONS, formatIbanGroups } from './depositInstructions';

// Lucide draws no coins' logos: Bitcoin's sign, Ethereum's diamond and Litecoin's L stand for them.
const CRYPTO_ICONS: Record<(typeof CRYPTO_CURRENCIES)[number], ReactNode> = {
  bitcoin: <BitcoinIcon />,
  ethereum: <DiamondIcon />,
  litecoin: <LetterLIcon />,
};

export function BankWireInstructions({ reference }: { reference: string }) {
  const details = DEPOSIT_INSTRUCTIONS.bankWireUsa;
  return (
    <Stack gap={5}>
      <TransferSteps
        steps={[
          'Send a domestic or international wire in US dollars to the account below.',
          <>
            Enter your reference code <ReferenceInline reference={reference} /> in the wire's reference or memo field.
          </>,
          `We credit your balance within ${PROCESSING_TIMES.bank_wire_usa} of receiving the wire.`,
        ]}
      />
      <DetailList label="Bank wire details">
        <DetailRow label="Bank Name" value={details.bankName} />
        <DetailRow label="Bank Address" value={details.bankAddress} />
        <DetailRow label="Account Name" value={details.accountName} />
        <DetailRow label="Account Number" value={details.accountNumber} mono />
        <DetailRow label="Routing Number" value={details.routingNumber} mono />
        <DetailRow label="SWIFT Code" value={details.swiftCode} mono />
        <DetailRow label="Reference Code" value={reference} mono highlighted />
      </DetailList>
      <ReferenceWarning reference={reference} />
    </Stack>
  );
}

export function SepaInstructions({ reference }: { reference: string }) {
  const details = DEPOSIT_INSTRUCTIONS.ibanSepa;
  return (
    <Stack gap={5}>
      <TransferSteps
        steps={[
          'Send a SEPA credit transfer in euros from any bank in the SEPA area to the account below.',
          <>
            Enter your reference code <ReferenceInline reference={reference} /> as the payment reference.
          </>,
          `We credit your balance in US dollars within ${PROCESSING_TIMES.iban_sepa} of receiving the transfer.`,
        ]}
      />
      <DetailList label="SEPA transfer details">
        <DetailRow label="Beneficiary" value={details.beneficiary} />
        <DetailRow label="IBAN" value={details.iban} display={formatIbanGroups(details.iban)} mono />
        <DetailRow label="BIC" value={details.bic} mono />
        <DetailRow label="Bank Name" value={details.bankName} />
        <DetailRow label="Reference Code" value={reference} mono highlighted />
      </DetailList>
      <ReferenceWarning reference={reference} />
    </Stack>
  );
}

export function CryptoInstructions({ reference }: { reference: string }) {
  const subject = `Crypto deposit ${reference}`;
  return (
    <Stack gap={5}>
      <TransferSteps
        steps={[
          'Pick the coin and send it to the address shown, on the network named below it.',
          <>
            E-mail the transaction ID (hash) together with your reference code <ReferenceInline reference={reference} /> to{' '}
            <SupportEmailLink subject={subject} />.
          </>,
          `We credit your balance in US dollars within ${PROCESSING_TIMES.crypto} once the transaction is confirmed.`,
        ]}
      />
      <Tabs.Root defaultValue="bitcoin" variant="enclosed" colorPalette="brand" fitted lazyMount>
        <Tabs.List bg="bg.subtle" borderWidth="1px" borderColor="border">
          {CRYPTO_CURRENCIES.map((coin) => (
            <Tabs.Trigger key={coin} value={coin} fontWeight="semibold" gap={2} px={{ base: 2, sm: 4 }}>
              <Icon size="sm" aria-hidden="true">
                {CRYPTO_ICONS[coin]}
              </Icon>
              {DEPOSIT_INSTRUCTIONS.crypto[coin].name}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {CRYPTO_CURRENCIES.map((coin) => {
          const wallet = DEPOSIT_INSTRUCTIONS.crypto[coin];
          return (
            <Tabs.Content key={coin} value={coin} pt={5}>
              <Flex direction={{ base: 'column', sm: 'row' }} gap={5} align={{ base: 'stretch', sm: 'flex-start' }}>
                <Center
                  bg="white"
                  color="black"
                  p={2.5}
                  borderRadius="lg"
                  flexShrink={0}
                  alignSelf={{ base: 'center', sm: 'flex-start' }}
                >
                  <QrCode.Root value={wallet.address} size="lg" aria-label={`QR code of the ${wallet.name} deposit address`}>
                    <QrCode.Frame>
                      <QrCode.Pattern />
                    </QrCode.Frame>
                  </QrCode.Root>
                </Center>
                <Stack gap={4} flex="1" minW={0}>
                  <DetailList label={`${wallet.name} deposit details`}>
                    <DetailRow label={`${wallet.name} Address`} value={wallet.address} mono />
                    <DetailRow label="Reference Code" value={reference} mono highlighted />
                  </DetailList>
                  <Alert.Root status="warning" variant="subtle" borderRadius="md" size="sm">
                    <Alert.Indicator />
                    <Alert.Description fontSize="sm">
                      Send only {wallet.symbol} on the {wallet.network} network. Coins sent on another network or of
                      another kind are lost.
                    </Alert.Description>
                  </Alert.Root>
                </Stack>
              </Flex>
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
    </Stack>
  );
}

function TransferSteps({ steps }: { steps: readonly ReactNode[] }) {
  return (
    <List.Root as="ol" gap={3} listStyleType="none">
      {steps.map((step, index) => (
        <List.Item key={index} display="flex" gap={3} alignItems="flex-start" color="fg.muted" fontSize="sm" lineHeight="1.6">
          <Center
            boxSize="6"
            flexShrink={0}
            borderRadius="full"
            bg="brand.subtle"
            color="brand.fg"
            fontSize="xs"
            fontWeight="bold"
            aria-hidden="true"
          >
            {index + 1}
          </Center>
          <Box pt="0.5">{step}</Box>
        </List.Item>
      ))}
    </List.Root>
  );
}

export function ReferenceInline({ reference }: { reference: string }) {
  return (
    <Text as="strong" fontFamily="mono" color="brand.fg" fontWeight="semibold" whiteSpace="nowrap">
      {reference}
    </Text>
  );
}

function ReferenceWarning({ reference }: { reference: string }) {
  return (
    <Alert.Root status="warning" variant="subtle" borderRadius="md">
      <Alert.Indicator>
        <CircleExclamationPointIcon />
      </Alert.Indicator>
      <Alert.Content>
        <Alert.Title>Always include your reference code</Alert.Title>
        <Alert.Description fontSize="sm">
          Without <ReferenceInline reference={reference} /> in the transfer reference we cannot match the payment to your
          account, and crediting it takes much longer.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
