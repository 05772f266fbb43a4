/**
 * Add Funds (/add-funds): the current balance, the four deposit methods and a panel for the chosen
 * one (spec "Add Funds screen", DESIGN.md section 3 "Deposit").
 *
 * - PayPal: an amount ($10.00 - $1,000.00, the shared depositAmountSchema), then
 *   POST /api/deposits and a full navigation to the provider's hosted checkout. The checkout sends
 *   the browser back to /add-funds?deposit=success or ?deposit=cancelled; the balance changes only
 *   when the provider's signed webhook has been processed, so after a success the user and the
 *   deposits are polled briefly until the deposit is credited.
 * - Bank wire (USA), SEPA and crypto: the company's fixed receiving details
 *   (addFunds/depositInstructions.ts) plus the user's personal reference code, which operators
 *   match when they credit the transfer. Every detail has a copy button.
 *
 * Visitors get 'Authentication Required'.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  CloseButton,
  Flex,
  Grid,
  Heading,
  HStack,
  Icon,
  IconButton,
  Input,
  InputGroup,
  List,
  QrCode,
  RadioCard,
  SimpleGrid,
  Spinner,
  Stack,
  Tabs,
  Text,
  Wrap,
} from '@chakra-ui/react';
import {
  LuArrowUpFromLine,
  LuCheck,
  LuCircleAlert,
  LuCopy,
  LuExternalLink,
  LuHash,
  LuLock,
} from 'react-icons/lu';
import { SiBitcoin, SiEthereum, SiLitecoin } from 'react-icons/si';
import { z } from 'zod';
import {
  COPY_CONFIRMATION_MS,
  CRYPTO_CURRENCIES,
  MAX_DEPOSIT_CENTS,
  MIN_DEPOSIT_CENTS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHOD_TYPES,
  PROCESSING_TIMES,
  type PaymentMethodType,
} from '../../../shared/constants';
import { formatMoney, formatUsd } from '../../../shared/money';
import { depositAmountSchema } from '../../../shared/schemas/money';
import type { DepositStatus } from '../../../shared/schemas/wallet';
import { ApiError, isUnauthorized } from '../api/client';
import { SignedInOnly } from '../components/SignedInOnly';
import { FormField } from '../components/forms/FormField';
import { useZodForm } from '../components/forms/useZodForm';
import { BalanceCard } from '../components/wallet/BalanceCard';
import { PAYMENT_METHOD_ICONS, PaymentMethodIcon } from '../components/wallet/PaymentMethodSummary';
import { RecentActivityCard, RecentActivityRow, type StatusBadge } from '../components/wallet/RecentActivityCard';
import { InternalLink, SupportEmailLink } from '../components/LegalPage';
import { PageTitle } from '../components/PageTitle';
import { toaster } from '../components/toaster';
import { formatBalance, useCurrentUser, userKeys, type User } from '../queries/user';
import { useCreateDepositMutation, useDepositsQuery, walletKeys } from '../queries/wallet';
import { DEPOSIT_INSTRUCTIONS, formatIbanGroups } from './addFunds/depositInstructions';

const DEPOSIT_RANGE = `${formatUsd(BigInt(MIN_DEPOSIT_CENTS))} - ${formatUsd(BigInt(MAX_DEPOSIT_CENTS))}`;
const QUICK_AMOUNTS = ['25.00', '50.00', '100.00', '250.00'] as const;

/** After a successful checkout: ask for the user and deposits this often, this many times at most (~10 s). */
const CREDIT_POLL_INTERVAL_MS = 2_000;
const CREDIT_POLL_ATTEMPTS = 5;

const METHOD_SUMMARIES: Record<PaymentMethodType, string> = {
  paypal: 'Card or PayPal balance',
  bank_wire_usa: 'From a US bank account',
  iban_sepa: 'SEPA transfer in euros',
  crypto: 'BTC, ETH or LTC',
};

const DEPOSIT_STATUS_BADGES: Record<DepositStatus, StatusBadge> = {
  pending: { label: 'Pending', palette: 'yellow' },
  completed: { label: 'Completed', palette: 'green' },
  cancelled: { label: 'Cancelled', palette: 'gray' },
  failed: { label: 'Failed', palette: 'red' },
};

const CRYPTO_ICONS: Record<(typeof CRYPTO_CURRENCIES)[number], ReactNode> = {
  bitcoin: <SiBitcoin />,
  ethereum: <SiEthereum />,
  litecoin: <SiLitecoin />,
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
    <Box colorPalette="brand">
      <PageTitle
        title="Add Funds"
        subtitle="Top up your balance to buy skins on the marketplace. Pick a payment method to get started."
      />
      <DepositReturnBanner />
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 20rem', xl: 'minmax(0, 1fr) 22rem' }}
        templateAreas={{ base: '"balance" "main" "aside"', lg: '"main balance" "main aside"' }}
        templateRows={{ lg: 'auto 1fr' }}
        columnGap={{ base: 6, lg: 8 }}
        rowGap={6}
        alignItems="start"
      >
        <Box gridArea="balance">
          <WalletBalance balance={user.balance} />
        </Box>
        <Stack gridArea="main" gap={6} minW={0}>
          <MethodPicker value={method} onChange={setMethod} />
          <MethodPanel method={method} reference={user.depositReference} />
        </Stack>
        <Stack gridArea="aside" gap={6} minW={0}>
          <ReferenceCard reference={user.depositReference} />
          <RecentDeposits />
        </Stack>
      </Grid>
    </Box>
  );
}

/* ------------------------------------------------------------------------------------------------
 * Balance, methods, panels
 * --------------------------------------------------------------------------------------------- */

function WalletBalance({ balance }: { balance: string }) {
  return (
    <BalanceCard headingId="balance-heading" label="Current Balance" balance={balance}>
      <Button asChild variant="outline" size="sm" borderColor="border.emphasized" alignSelf="flex-start">
        <RouterLink to="/withdraw">
          <LuArrowUpFromLine aria-hidden="true" />
          Withdraw Funds
        </RouterLink>
      </Button>
    </BalanceCard>
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

const depositFormSchema = z.object({ amount: depositAmountSchema });

function PayPalDeposit() {
  const form = useZodForm({ schema: depositFormSchema, initialValues: { amount: '' } });
  const createDeposit = useCreateDepositMutation();
  // Set once the checkout URL is known: the page stays busy until the browser has left it.
  const [redirecting, setRedirecting] = useState(false);
  const busy = createDeposit.isPending || redirecting;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const input = form.validate();
    if (!input) return;
    createDeposit.mutate(
      { method: 'paypal', amount: formatMoney(input.amount) },
      {
        onSuccess: ({ checkoutUrl }) => {
          setRedirecting(true);
          window.location.assign(checkoutUrl);
        },
        onError: (error) => {
          if (form.applyServerErrors(error)) return;
          if (isUnauthorized(error)) return; // the screen turns into 'Authentication Required'
          toaster.create({
            title: 'Failed to start checkout',
            description: error instanceof ApiError ? error.detail : 'Please check your connection and try again.',
            type: 'error',
          });
        },
      },
    );
  }

  return (
    <form ref={form.formRef} noValidate onSubmit={handleSubmit} aria-label="PayPal deposit">
      <Stack gap={5}>
        <Text color="fg.muted">
          Enter the amount to add, then complete the payment on PayPal's secure checkout. You'll come straight back
          here afterwards.
        </Text>
        <FormField label="Amount" required error={form.errors.amount} helperText={`Deposit range: ${DEPOSIT_RANGE}`}>
          <InputGroup startElement={<Text color="fg.muted">$</Text>}>
            <Input
              {...form.inputProps('amount')}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              fontVariantNumeric="tabular-nums"
              size="lg"
              maxW={{ sm: '16rem' }}
            />
          </InputGroup>
        </FormField>
        <Wrap gap={2} role="group" aria-label="Quick amounts">
          {QUICK_AMOUNTS.map((amount) => (
            <Button
              key={amount}
              type="button"
              size="xs"
              variant={form.values.amount === amount ? 'subtle' : 'outline'}
              borderColor="border.emphasized"
              onClick={() => form.setField('amount', amount)}
            >
              ${amount.replace(/\.00$/, '')}
            </Button>
          ))}
        </Wrap>
        <Flex direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'center' }} gap={4} justify="space-between">
          <HStack gap={2} color="fg.subtle" fontSize="sm">
            <LuLock aria-hidden="true" />
            <Text>Payments are processed securely by PayPal.</Text>
          </HStack>
          <Button type="submit" size="lg" loading={busy} loadingText="Redirecting...">
            Continue to PayPal
            <LuExternalLink aria-hidden="true" />
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}

function BankWireInstructions({ reference }: { reference: string }) {
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

function SepaInstructions({ reference }: { reference: string }) {
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

function CryptoInstructions({ reference }: { reference: string }) {
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

function ReferenceInline({ reference }: { reference: string }) {
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
        <LuCircleAlert />
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

/* ------------------------------------------------------------------------------------------------
 * Copyable details
 * --------------------------------------------------------------------------------------------- */

function DetailList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box as="dl" aria-label={label} borderWidth="1px" borderColor="border" borderRadius="lg" bg="bg.subtle" overflow="hidden">
      {children}
    </Box>
  );
}

function DetailRow({
  label,
  value,
  display,
  mono = false,
  highlighted = false,
}: {
  label: string;
  value: string;
  /** Shown instead of `value` (e.g. an IBAN in groups); the copy button always copies `value`. */
  display?: string;
  mono?: boolean;
  highlighted?: boolean;
}) {
  return (
    <Flex
      align="center"
      gap={3}
      px={4}
      py={3}
      borderBottomWidth="1px"
      borderColor="border"
      _last={{ borderBottomWidth: 0 }}
      bg={highlighted ? 'brand.subtle/60' : undefined}
    >
      <Box flex="1" minW={0}>
        <Text as="dt" fontSize="xs" fontWeight="medium" color={highlighted ? 'brand.fg' : 'fg.subtle'} textTransform="uppercase" letterSpacing="wider">
          {label}
        </Text>
        <Text
          as="dd"
          mt="0.5"
          fontFamily={mono ? 'mono' : undefined}
          fontSize={mono ? 'sm' : 'md'}
          fontWeight={highlighted ? 'bold' : 'medium'}
          wordBreak="break-all"
        >
          {display ?? value}
        </Text>
      </Box>
      <CopyButton value={value} label={label} />
    </Flex>
  );
}

/** Copies `value`; the icon turns into a check mark for COPY_CONFIRMATION_MS (spec section 9). */
function CopyButton({ value, label }: { value: string; label: string }) {
  const [copiedAt, setCopiedAt] = useState<number | null>(null);

  useEffect(() => {
    if (copiedAt === null) return;
    const timer = window.setTimeout(() => setCopiedAt(null), COPY_CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [copiedAt]);

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopiedAt(Date.now());
      toaster.create({ title: `${label} copied to clipboard`, type: 'success' });
    } catch {
      toaster.create({ title: 'Failed to copy to clipboard', type: 'error' });
    }
  }

  const copied = copiedAt !== null;
  return (
    <IconButton
      aria-label={`Copy ${label}`}
      variant="ghost"
      size="sm"
      flexShrink={0}
      color={copied ? 'green.400' : 'fg.muted'}
      _hover={{ color: copied ? 'green.300' : 'fg', bg: 'bg.emphasized' }}
      onClick={() => void handleCopy()}
    >
      {copied ? <LuCheck /> : <LuCopy />}
    </IconButton>
  );
}

/* ------------------------------------------------------------------------------------------------
 * Aside: reference code and recent deposits
 * --------------------------------------------------------------------------------------------- */

function ReferenceCard({ reference }: { reference: string }) {
  return (
    <Card.Root as="section" aria-labelledby="reference-heading" variant="outline" size="sm" bg="bg.subtle" borderColor="border">
      <Card.Body gap={3}>
        <Heading as="h2" id="reference-heading" size="sm" display="flex" alignItems="center" gap={2}>
          <Icon size="sm" color="brand.fg" aria-hidden="true">
            <LuHash />
          </Icon>
          Your reference code
        </Heading>
        <Flex
          align="center"
          justify="space-between"
          gap={2}
          px={3}
          py={2}
          borderRadius="md"
          borderWidth="1px"
          borderColor="brand.muted"
          bg="brand.subtle/60"
        >
          <Text fontFamily="mono" fontWeight="bold" fontSize="lg" color="brand.fg" letterSpacing="wide">
            {reference}
          </Text>
          <CopyButton value={reference} label="Reference Code" />
        </Flex>
        <Text fontSize="sm" color="fg.muted" lineHeight="1.6">
          Include it in the reference or memo of every bank wire and SEPA transfer, and with the transaction ID you send
          us for crypto deposits. It is how we know the payment is yours.
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

function RecentDeposits() {
  return (
    <RecentActivityCard
      title="Recent deposits"
      headingId="recent-deposits-heading"
      loadingLabel="Loading deposits"
      errorText="Your deposits could not be loaded."
      emptyText="No deposits yet"
      query={useDepositsQuery()}
      renderItem={(deposit) => (
        <RecentActivityRow
          key={deposit.id}
          icon={PAYMENT_METHOD_ICONS[deposit.method]}
          amount={deposit.amount}
          badge={DEPOSIT_STATUS_BADGES[deposit.status]}
          details={PAYMENT_METHOD_LABELS[deposit.method] ?? deposit.method}
          createdAt={deposit.createdAt}
        />
      )}
    />
  );
}

/* ------------------------------------------------------------------------------------------------
 * Return from the hosted checkout
 * --------------------------------------------------------------------------------------------- */

/**
 * The banner for `?deposit=success|cancelled`. After a success the provider's webhook may still be
 * on its way, so the user and the deposits are refetched every CREDIT_POLL_INTERVAL_MS until the
 * newest deposit is no longer pending or the balance has changed, at most CREDIT_POLL_ATTEMPTS
 * times.
 */
function DepositReturnBanner() {
  const [searchParams, setSearchParams] = useSearchParams();
  const outcome = searchParams.get('deposit');

  function dismiss() {
    setSearchParams(
      (params) => {
        params.delete('deposit');
        return params;
      },
      { replace: true },
    );
  }

  if (outcome === 'success') return <DepositSuccessBanner onDismiss={dismiss} />;
  if (outcome === 'cancelled') {
    return (
      <ReturnAlert status="info" title="Payment cancelled" onDismiss={dismiss}>
        You cancelled the PayPal checkout, so nothing was charged. You can start a new deposit whenever you're ready.
      </ReturnAlert>
    );
  }
  return null;
}

function DepositSuccessBanner({ onDismiss }: { onDismiss: () => void }) {
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const { data: deposits } = useDepositsQuery();
  const balance = user?.balance;
  const [initialBalance] = useState(balance);
  const [gaveUp, setGaveUp] = useState(false);

  const latestStatus = deposits?.items[0]?.status;
  const credited =
    latestStatus === 'completed' || (initialBalance !== undefined && balance !== undefined && balance !== initialBalance);

  useEffect(() => {
    if (credited) return;
    let attempts = 0;
    const timer = window.setInterval(() => {
      attempts += 1;
      void queryClient.invalidateQueries({ queryKey: userKeys.current() });
      void queryClient.invalidateQueries({ queryKey: walletKeys.allDeposits() });
      if (attempts >= CREDIT_POLL_ATTEMPTS) {
        window.clearInterval(timer);
        setGaveUp(true);
      }
    }, CREDIT_POLL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [credited, queryClient]);

  return (
    <ReturnAlert status="success" title="Payment successful" onDismiss={onDismiss}>
      {credited ? (
        <>Thank you! Your deposit has been credited. Your balance is now {formatBalance(balance)}.</>
      ) : gaveUp ? (
        <>
          Thank you! Your payment is still being confirmed by the payment provider. Your balance updates as soon as it is;
          if it hasn't within an hour, please <InternalLink to="/contact-us">contact support</InternalLink>.
        </>
      ) : (
        <HStack as="span" gap={2} align="center">
          <Spinner size="xs" aria-hidden="true" />
          <span>Thank you! Funds are credited to your balance once the payment provider confirms the payment.</span>
        </HStack>
      )}
    </ReturnAlert>
  );
}

function ReturnAlert({
  status,
  title,
  onDismiss,
  children,
}: {
  status: 'success' | 'info';
  title: string;
  onDismiss: () => void;
  children: ReactNode;
}) {
  return (
    <Alert.Root
      status={status}
      variant="surface"
      borderRadius="lg"
      mb={{ base: 6, md: 8 }}
      role="status"
      animationName="fade-in, slide-from-top"
      animationDuration="moderate"
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title fontWeight="semibold">{title}</Alert.Title>
        <Alert.Description color="fg.muted">{children}</Alert.Description>
      </Alert.Content>
      <CloseButton size="sm" alignSelf="flex-start" mt="-1" me="-1" aria-label="Dismiss message" onClick={onDismiss} />
    </Alert.Root>
  );
}
