/**
 * How a saved payment method looks wherever it is shown (the profile's Payment Methods tab, the
 * Withdraw screen's saved methods): the type's icon and label, a 'Default' badge, the masked
 * details and the processing time. The API only ever answers masked values; they are passed
 * through the shared mask helpers anyway (idempotent on masked input) so nothing longer can slip
 * onto the screen (crypto address first 20 characters, '…', last 8; bank account
 * '***' plus the last 4 digits).
 *
 * PaymentMethodSummary draws no frame of its own: callers put it in a card, a radio card or a row.
 */
import { Fragment, type ComponentType, type ReactNode } from 'react';
import { Badge, Box, Flex, HStack, Icon, Text } from '@chakra-ui/react';
import { BitcoinIcon, ClockIcon, GlobeIcon, LandmarkIcon, LetterPIcon } from 'lucide-react';
import { PAYMENT_METHOD_LABELS, PROCESSING_TIMES, type PaymentMethodType } from '../../../../shared/constants';
import { maskBankAccount, maskCryptoAddress, maskIban } from '../../../../shared/format';
import type { PaymentMethod } from '../../../../shared/schemas/wallet';
import { ACCOUNT_TYPE_LABELS, CRYPTO_CURRENCY_LABELS } from './paymentMethodLabels';

/** Lucide draws no brands' logos: PayPal is its P. */
export const PAYMENT_METHOD_ICONS: Record<PaymentMethodType, ComponentType> = {
  paypal: LetterPIcon,
  crypto: BitcoinIcon,
  bank_wire_usa: LandmarkIcon,
  iban_sepa: GlobeIcon,
};

/** The type's icon on an accent tile. Decorative: the label beside it names the type. */
export function PaymentMethodIcon({ type, size = 'md' }: { type: PaymentMethodType; size?: 'sm' | 'md' }) {
  return (
    <Flex
      boxSize={size === 'sm' ? '8' : '10'}
      flexShrink={0}
      align="center"
      justify="center"
      borderRadius="l2"
      bg="brand.subtle"
      borderWidth="1px"
      borderColor="brand.muted"
      color="brand.fg"
      aria-hidden="true"
    >
      <Icon as={PAYMENT_METHOD_ICONS[type]} boxSize={size === 'sm' ? '4' : '5'} />
    </Flex>
  );
}

export interface PaymentMethodDetail {
  label: string;
  value: string;
  /** Account numbers and addresses read better in a monospace font. */
  mono?: boolean;
}

/** The masked details of a method, in the order they are shown. Empty values are left out. */
export function paymentMethodDetails(method: PaymentMethod): PaymentMethodDetail[] {
  const details: (PaymentMethodDetail | null)[] = (() => {
    switch (method.type) {
      case 'paypal':
        return [method.paypalEmail ? { label: 'PayPal email', value: method.paypalEmail } : null];
      case 'crypto':
        return [
          method.cryptoCurrency ? { label: 'Currency', value: CRYPTO_CURRENCY_LABELS[method.cryptoCurrency] } : null,
          method.walletAddress
            ? { label: 'Wallet address', value: maskCryptoAddress(method.walletAddress), mono: true }
            : null,
        ];
      case 'bank_wire_usa':
        return [
          method.bankName ? { label: 'Bank', value: method.bankName } : null,
          method.accountHolderName ? { label: 'Account holder', value: method.accountHolderName } : null,
          method.accountNumber
            ? {
                label: method.accountType ? `${ACCOUNT_TYPE_LABELS[method.accountType]} account` : 'Account',
                value: maskBankAccount(method.accountNumber),
                mono: true,
              }
            : null,
          method.routingNumber ? { label: 'Routing number', value: maskBankAccount(method.routingNumber), mono: true } : null,
        ];
      case 'iban_sepa':
        return [
          method.accountHolderName ? { label: 'Account holder', value: method.accountHolderName } : null,
          method.iban ? { label: 'IBAN', value: maskIban(method.iban), mono: true } : null,
          method.swiftCode ? { label: 'SWIFT/BIC', value: method.swiftCode, mono: true } : null,
          method.bankName ? { label: 'Bank', value: method.bankName } : null,
        ];
    }
  })();
  return details.filter((detail): detail is PaymentMethodDetail => detail !== null);
}

/** One line for a method, e.g. 'Bank Wire (USA) · ***6789' (select options, confirmations). */
export function describePaymentMethod(method: PaymentMethod): string {
  const label = PAYMENT_METHOD_LABELS[method.type];
  const key = paymentMethodDetails(method).find((detail) => detail.mono) ?? paymentMethodDetails(method)[0];
  return key ? `${label} · ${key.value}` : label;
}

/** A masked value; a narrow screen wraps it after the ellipsis rather than mid-way. */
function DetailValue({ value }: { value: string }) {
  const cut = value.indexOf('\u2026');
  if (cut < 0) return value;
  return (
    <>
      {value.slice(0, cut + 1)}
      <wbr />
      {value.slice(cut + 1)}
    </>
  );
}

interface PaymentMethodSummaryProps {
  method: PaymentMethod;
  /** Controls at the top right, e.g. a delete button. */
  actions?: ReactNode;
  /** The processing-time line at the bottom; shown unless false. */
  showProcessingTime?: boolean;
  /** id for the label, so a surrounding card or radio can be named by it (aria-labelledby). */
  labelId?: string;
}

export function PaymentMethodSummary({ method, actions, showProcessingTime = true, labelId }: PaymentMethodSummaryProps) {
  const label = PAYMENT_METHOD_LABELS[method.type];
  const details = paymentMethodDetails(method);

  return (
    <Flex direction="column" gap="4" h="full" minW="0">
      <HStack gap="3" align="center" minW="0">
        <PaymentMethodIcon type={method.type} />
        <Box flex="1" minW="0">
          <HStack gap="2" wrap="wrap" rowGap="1">
            <Text id={labelId} fontWeight="semibold" lineHeight="short">
              {label}
            </Text>
            {method.isDefault ? (
              <Badge colorPalette="brand" variant="subtle" size="sm">
                Default
              </Badge>
            ) : null}
          </HStack>
        </Box>
        {actions ? <Box flexShrink={0}>{actions}</Box> : null}
      </HStack>

      {details.length > 0 ? (
        // A two-column grid, so every value starts at the longest label of this method.
        <Box
          as="dl"
          display="grid"
          gridTemplateColumns="max-content minmax(0, 1fr)"
          columnGap="4"
          rowGap="2"
          fontSize="sm"
          alignItems="baseline"
        >
          {details.map((detail) => (
            <Fragment key={detail.label}>
              <Box as="dt" color="fg.muted" fontSize="xs">
                {detail.label}
              </Box>
              <Box
                as="dd"
                fontWeight="medium"
                minW="0"
                overflowWrap="anywhere"
                fontFamily={detail.mono ? 'mono' : undefined}
                fontSize={detail.mono ? 'xs' : 'sm'}
                fontVariantNumeric={detail.mono ? 'tabular-nums' : undefined}
              >
                <DetailValue value={detail.value} />
              </Box>
            </Fragment>
          ))}
        </Box>
      ) : null}

      {showProcessingTime ? (
        <HStack gap="1.5" mt="auto" pt="3" borderTopWidth="1px" borderColor="border" fontSize="sm" color="fg.muted">
          <Icon as={ClockIcon} boxSize="3.5" aria-hidden="true" />
          <Text>
            Processing time:{' '}
            <Text as="span" color="fg" fontWeight="medium">
              {PROCESSING_TIMES[method.type]}
            </Text>
          </Text>
        </HStack>
      ) : null}
    </Flex>
  );
}
