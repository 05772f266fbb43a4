/**
 * Withdraw Funds (/withdraw): the available balance with 'Minimum withdrawal: $10.00', the saved
 * payment methods (radio value `saved_{id}`; choosing one shows its masked details read-only) and
 * the four new-method cards with the selected type's form, then the amount (spec "Withdraw Funds
 * screen" and section 5 "Withdraw form"; DESIGN.md section 3 "Withdraw").
 *
 * The form is checked with the shared schemas (withdrawalAmountSchema, paymentMethodInputSchema:
 * the spec's messages) and against the real balance (DESIGN.md section 0), then sent as
 * POST /api/withdrawals. The success toast comes only from the server's acceptance; its answer's
 * balance goes straight into the nav. A recent-withdrawals list shows each request's status.
 *
 * Visitors get 'Authentication Required'.
 */
import { useEffect, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Badge,
  Box,
  Button,
  Card,
  Field,
  Fieldset,
  Flex,
  Grid,
  Heading,
  HStack,
  Icon,
  Input,
  InputGroup,
  Link,
  RadioCard,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { LuArrowRight, LuClock, LuLock, LuPlus, LuSend } from 'react-icons/lu';
import { z } from 'zod';
import {
  MIN_WITHDRAWAL_CENTS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHOD_TYPES,
  PROCESSING_TIMES,
  type PaymentMethodType,
} from '../../../shared/constants';
import { maskBankAccount, maskCryptoAddress, maskIban } from '../../../shared/format';
import { formatMoney, formatUsd, parseMoney } from '../../../shared/money';
import {
  paymentMethodInputSchema,
  withdrawalAmountSchema,
  type PaymentMethod,
  type WithdrawalStatus,
} from '../../../shared/schemas/wallet';
import { ApiError, isUnauthorized } from '../api/client';
import { SignedInOnly } from '../components/SignedInOnly';
import { FormField, RequiredFieldsNote, RequiredMark } from '../components/forms/FormField';
import { useZodForm } from '../components/forms/useZodForm';
import { PageTitle } from '../components/PageTitle';
import { toaster } from '../components/toaster';
import {
  ACCOUNT_TYPE_LABELS,
  CRYPTO_CURRENCY_LABELS,
  PAYMENT_METHOD_ICONS,
  PaymentMethodSummary,
} from '../components/wallet/PaymentMethodSummary';
import { BalanceCard } from '../components/wallet/BalanceCard';
import { PaymentMethodFields, PaymentMethodTypeCard, ROUTING_NUMBER_LENGTH, SWIFT_MAX_LENGTH } from '../components/wallet/PaymentMethodFields';
import { RecentActivityCard, RecentActivityRow, type StatusBadge } from '../components/wallet/RecentActivityCard';
import { usePaymentMethodsQuery } from '../queries/paymentMethods';
import { formatBalance, type User } from '../queries/user';
import { useRequestWithdrawalMutation, useWithdrawalsQuery, type RequestWithdrawalInput } from '../queries/wallet';

const MIN_WITHDRAWAL = formatUsd(BigInt(MIN_WITHDRAWAL_CENTS));
const BALANCE_NOT_ENOUGH = 'Balance not enough - Top up balance';
const SELECT_METHOD = 'Please select a payment method';
const SAVED_PREFIX = 'saved_';
const ACCOUNT_NUMBER_MAX_LENGTH = 17;
/** Enough for any amount the server accepts ("10000000000.00"). */
const AMOUNT_MAX_LENGTH = 14;

const WITHDRAWAL_STATUS_BADGES: Record<WithdrawalStatus, StatusBadge> = {
  requested: { label: 'Requested', palette: 'yellow' },
  processing: { label: 'Processing', palette: 'blue' },
  paid: { label: 'Paid', palette: 'green' },
  rejected: { label: 'Rejected', palette: 'red' },
};

const METHOD_FIELDS = {
  paypal: ['paypalEmail'],
  crypto: ['cryptoCurrency', 'walletAddress'],
  bank_wire_usa: ['bankName', 'accountHolderName', 'routingNumber', 'accountNumber', 'accountType'],
  iban_sepa: ['accountHolderName', 'iban', 'swiftCode', 'bankName'],
} as const satisfies Record<PaymentMethodType, readonly string[]>;

type WithdrawFormValues = {
  /** `saved_{id}` for a saved method, else the new method's type. */
  destination: string;
  amount: string;
  paypalEmail: string;
  cryptoCurrency: string;
  walletAddress: string;
  bankName: string;
  accountHolderName: string;
  routingNumber: string;
  accountNumber: string;
  accountType: string;
  iban: string;
  swiftCode: string;
};

type MethodFieldName = Exclude<keyof WithdrawFormValues, 'destination' | 'amount'>;

const EMPTY_FORM: WithdrawFormValues = {
  destination: 'paypal',
  amount: '',
  paypalEmail: '',
  cryptoCurrency: '',
  walletAddress: '',
  bankName: '',
  accountHolderName: '',
  routingNumber: '',
  accountNumber: '',
  accountType: 'checking',
  iban: '',
  swiftCode: '',
};

function isPaymentMethodType(value: string): value is PaymentMethodType {
  return (PAYMENT_METHOD_TYPES as readonly string[]).includes(value);
}

/**
 * The form's schema: the amount by withdrawalAmountSchema and then against the available balance,
 * the destination a saved method or a new one checked by paymentMethodInputSchema. Every failing
 * field gets its message at once. The output is the request body.
 */
function withdrawFormSchema(balanceCents: bigint, savedIds: ReadonlySet<string>) {
  const text = (max: number) => z.string().max(max);
  return z
    .object({
      destination: z.string(),
      amount: text(AMOUNT_MAX_LENGTH),
      paypalEmail: text(254),
      cryptoCurrency: z.string(),
      walletAddress: text(100),
      bankName: text(100),
      accountHolderName: text(100),
      routingNumber: text(ROUTING_NUMBER_LENGTH),
      accountNumber: text(ACCOUNT_NUMBER_MAX_LENGTH),
      accountType: z.string(),
      iban: text(50),
      swiftCode: text(SWIFT_MAX_LENGTH),
    })
    .transform((values, ctx): RequestWithdrawalInput => {
      const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });

      let amount: string | null = null;
      const parsedAmount = withdrawalAmountSchema.safeParse(values.amount.trim());
      if (!parsedAmount.success) fail('amount', parsedAmount.error.issues[0]?.message ?? 'Please enter a valid withdrawal amount');
      else if (parsedAmount.data > balanceCents) fail('amount', BALANCE_NOT_ENOUGH);
      else amount = formatMoney(parsedAmount.data);

      let destination: { paymentMethodId: string } | { method: z.output<typeof paymentMethodInputSchema> } | null = null;
      if (values.destination.startsWith(SAVED_PREFIX)) {
        const id = values.destination.slice(SAVED_PREFIX.length);
        if (savedIds.has(id)) destination = { paymentMethodId: id };
        else fail('destination', SELECT_METHOD);
      } else if (isPaymentMethodType(values.destination)) {
        const type = values.destination;
        const fields = Object.fromEntries(METHOD_FIELDS[type].map((name) => [name, values[name]]));
        const method = paymentMethodInputSchema.safeParse({ type, ...fields });
        if (method.success) destination = { method: method.data };
        else for (const issue of method.error.issues) fail(String(issue.path[0] ?? 'destination'), issue.message);
      } else {
        fail('destination', SELECT_METHOD);
      }

      if (amount === null || destination === null) return z.NEVER;
      return { amount, ...destination };
    });
}

/** The server names a new method's fields `method.<field>`; the form knows them by `<field>`. */
function withFlatFieldNames(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.body.fields) return error;
  const fields = Object.fromEntries(
    Object.entries(error.body.fields).map(([path, message]) => [path.replace(/^method\./, ''), message]),
  );
  if (fields.paymentMethodId) fields.destination ??= fields.paymentMethodId;
  return new ApiError(error.status, error.detail, { ...error.body, fields });
}

/** A saved method's masked details in the form's fields, for the read-only view. */
function savedMethodValues(method: PaymentMethod): Partial<Record<MethodFieldName, string>> {
  return {
    paypalEmail: method.paypalEmail ?? '',
    cryptoCurrency: method.cryptoCurrency ? CRYPTO_CURRENCY_LABELS[method.cryptoCurrency] : '',
    walletAddress: method.walletAddress ? maskCryptoAddress(method.walletAddress) : '',
    bankName: method.bankName ?? '',
    accountHolderName: method.accountHolderName ?? '',
    routingNumber: method.routingNumber ? maskBankAccount(method.routingNumber) : '',
    accountNumber: method.accountNumber ? maskBankAccount(method.accountNumber) : '',
    accountType: method.accountType ? ACCOUNT_TYPE_LABELS[method.accountType] : '',
    iban: method.iban ? maskIban(method.iban) : '',
    swiftCode: method.swiftCode ?? '',
  };
}

export default function WithdrawScreen() {
  return (
    <SignedInOnly
      unavailableTitle="Withdrawals are not available"
      signInDescription="Please sign in with your Steam account to withdraw funds from your balance."
    >
      {(user) => <Withdraw user={user} />}
    </SignedInOnly>
  );
}

function Withdraw({ user }: { user: User }) {
  return (
    <Box colorPalette="brand">
      <PageTitle
        title="Withdraw Funds"
        subtitle="Cash out your balance to PayPal, a bank account or a crypto wallet."
      />
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
        <Box gridArea="main" minW={0}>
          <WithdrawForm balance={user.balance} />
        </Box>
        <Stack gridArea="aside" gap={6} minW={0}>
          <RecentWithdrawals />
          <ProcessingTimes />
        </Stack>
      </Grid>
    </Box>
  );
}

function WalletBalance({ balance }: { balance: string }) {
  return (
    <BalanceCard headingId="available-balance-heading" label="Available Balance" balance={balance}>
      <Text fontSize="sm" color="fg.muted">
        Minimum withdrawal: {MIN_WITHDRAWAL}
      </Text>
      <Button asChild variant="outline" size="sm" borderColor="border.emphasized" alignSelf="flex-start">
        <RouterLink to="/add-funds">
          <LuPlus aria-hidden="true" />
          Add Funds
        </RouterLink>
      </Button>
    </BalanceCard>
  );
}

function WithdrawForm({ balance }: { balance: string }) {
  const balanceCents = parseMoney(balance) ?? 0n;
  const { data: methods, isPending: methodsPending, isError: methodsError, refetch: refetchMethods } = usePaymentMethodsQuery();
  const savedMethods = methods ?? [];
  const savedIds = new Set(savedMethods.map((method) => method.id));
  const preferred = savedMethods.find((method) => method.isDefault) ?? savedMethods[0];

  const form = useZodForm({
    schema: withdrawFormSchema(balanceCents, savedIds),
    initialValues: EMPTY_FORM,
    // Once the saved methods are known, the default one is chosen (unless the user already chose).
    prefill: preferred ? { destination: `${SAVED_PREFIX}${preferred.id}` } : undefined,
  });
  const { values, errors } = form;
  const requestWithdrawal = useRequestWithdrawalMutation();
  const pending = requestWithdrawal.isPending;

  // The busy button lost focus while the request ran. If nothing else took it (a field with an
  // error does), give it back, so a keyboard user continues from where they were.
  const { formRef } = form;
  useEffect(() => {
    if (pending) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    formRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus({ preventScroll: true });
  }, [pending, formRef]);

  const savedMethod = values.destination.startsWith(SAVED_PREFIX)
    ? savedMethods.find((method) => `${SAVED_PREFIX}${method.id}` === values.destination)
    : undefined;
  const newType = isPaymentMethodType(values.destination) ? values.destination : null;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const input = form.validate();
    if (!input) return;
    requestWithdrawal.mutate(input, {
      onSuccess: ({ withdrawal }) => {
        toaster.create({
          id: 'withdrawal-request',
          title: `Withdrawal request of ${formatBalance(withdrawal.amount)} submitted successfully`,
          description: `To ${withdrawal.method.summary}. Processing time: ${PROCESSING_TIMES[withdrawal.method.type] ?? 'a few days'}.`,
          type: 'success',
        });
        form.reset();
      },
      onError: (error) => {
        if (form.applyServerErrors(withFlatFieldNames(error))) return;
        if (isUnauthorized(error)) return; // the screen turns into 'Authentication Required'
        toaster.create({
          id: 'withdrawal-request',
          title: 'Failed to request withdrawal',
          description: error instanceof ApiError ? error.detail : 'Please check your connection and try again.',
          type: 'error',
        });
      },
    });
  }

  /** Another destination: the previous one's field messages no longer apply. */
  function handleDestinationChange(details: { value: string | null }) {
    form.radioProps('destination').onValueChange(details);
    for (const name of Object.keys(SAVED_FIELD_LABELS) as MethodFieldName[]) {
      // Setting a field clears its message; the value stays as typed.
      if (errors[name]) form.setField(name, values[name]);
    }
  }

  function fillMaximum() {
    form.setField('amount', formatMoney(balanceCents));
  }

  return (
    <Card.Root bg="bg.panel" borderColor="border">
      <Card.Body p={{ base: 5, md: 8 }}>
        <form ref={form.formRef} noValidate onSubmit={handleSubmit} aria-labelledby="withdraw-form-heading">
          <Stack gap={7}>
            <Stack gap={1}>
              <Heading as="h2" id="withdraw-form-heading" size="lg">
                Request a withdrawal
              </Heading>
              <RequiredFieldsNote />
            </Stack>

            <Fieldset.Root invalid={Boolean(errors.destination)} disabled={pending}>
              <Fieldset.Legend fontSize="sm" fontWeight="medium" color="fg" mb={3}>
                Withdraw to
                <RequiredMark />
              </Fieldset.Legend>
              <RadioCard.Root
                {...form.radioProps('destination')}
                onValueChange={handleDestinationChange}
                size="sm"
                variant="surface"
                colorPalette="brand"
              >
                <Stack gap={5}>
                  <Box>
                    <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider" color="fg.subtle" mb={2}>
                      Saved payment methods
                    </Text>
                    {methodsPending ? (
                      <SimpleGrid columns={{ base: 1, md: 2 }} gap={3} aria-busy="true" aria-label="Loading saved payment methods">
                        <Skeleton h="24" borderRadius="l2" />
                        <Skeleton h="24" borderRadius="l2" hideBelow="md" />
                      </SimpleGrid>
                    ) : methodsError ? (
                      <HStack gap={3} fontSize="sm" color="fg.muted">
                        <Text>Your saved payment methods could not be loaded.</Text>
                        <Button size="xs" variant="outline" onClick={() => void refetchMethods()}>
                          Retry
                        </Button>
                      </HStack>
                    ) : savedMethods.length === 0 ? (
                      <Text fontSize="sm" color="fg.muted">
                        None yet. Withdraw to a new method below, or save one under{' '}
                        <Link asChild variant="underline" colorPalette="brand">
                          <RouterLink to="/profile">My Profile → Payment Methods</RouterLink>
                        </Link>
                        .
                      </Text>
                    ) : (
                      <SimpleGrid columns={{ base: 1, md: 2 }} gap={3}>
                        {savedMethods.map((method) => (
                          <RadioCard.Item
                            key={method.id}
                            value={`${SAVED_PREFIX}${method.id}`}
                            borderColor={errors.destination ? 'border.error' : undefined}
                          >
                            <RadioCard.ItemHiddenInput />
                            <RadioCard.ItemControl position="relative">
                              <RadioCard.ItemContent>
                                <PaymentMethodSummary method={method} showProcessingTime={false} />
                              </RadioCard.ItemContent>
                              <RadioCard.ItemIndicator position="absolute" top="3" insetEnd="3" />
                            </RadioCard.ItemControl>
                          </RadioCard.Item>
                        ))}
                      </SimpleGrid>
                    )}
                  </Box>
                  <Box>
                    <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider" color="fg.subtle" mb={2}>
                      New payment method
                    </Text>
                    <SimpleGrid columns={{ base: 2, md: 4 }} gap={3}>
                      {PAYMENT_METHOD_TYPES.map((type) => (
                        <PaymentMethodTypeCard key={type} type={type} invalid={Boolean(errors.destination)} />
                      ))}
                    </SimpleGrid>
                  </Box>
                </Stack>
              </RadioCard.Root>
              <Fieldset.ErrorText display="inline-flex" alignItems="center" gap={1} textStyle="xs" fontWeight="medium">
                <Field.ErrorIcon boxSize="3.5" />
                {errors.destination}
              </Fieldset.ErrorText>
            </Fieldset.Root>

            {savedMethod ? (
              <SavedMethodFields method={savedMethod} />
            ) : newType ? (
              <NewMethodFields type={newType} form={form} disabled={pending} />
            ) : null}

            <Box>
              <FormField
                label="Amount"
                required
                error={errors.amount}
                helperText={`Available: ${formatBalance(balance)} · Minimum withdrawal: ${MIN_WITHDRAWAL}`}
                disabled={pending}
              >
                <HStack gap={2} w="full" maxW={{ sm: '22rem' }}>
                  <InputGroup startElement={<Text color="fg.muted">$</Text>} flex="1">
                    <Input
                      {...form.inputProps('amount')}
                      maxLength={AMOUNT_MAX_LENGTH}
                      inputMode="decimal"
                      autoComplete="off"
                      placeholder="0.00"
                      size="lg"
                      fontVariantNumeric="tabular-nums"
                    />
                  </InputGroup>
                  <Button type="button" variant="outline" size="lg" borderColor="border.emphasized" onClick={fillMaximum} disabled={pending || balanceCents === 0n}>
                    Max
                  </Button>
                </HStack>
              </FormField>
              {errors.amount === BALANCE_NOT_ENOUGH ? (
                <Link asChild variant="underline" colorPalette="brand" fontSize="sm" fontWeight="medium" mt={2}>
                  <RouterLink to="/add-funds">
                    Top up your balance
                    <LuArrowRight aria-hidden="true" />
                  </RouterLink>
                </Link>
              ) : null}
            </Box>

            <Flex
              direction={{ base: 'column-reverse', sm: 'row' }}
              align={{ base: 'stretch', sm: 'center' }}
              justify="space-between"
              gap={4}
              pt={2}
              borderTopWidth="1px"
              borderColor="border"
            >
              <HStack gap={2} color="fg.subtle" fontSize="sm" pt={{ base: 0, sm: 4 }}>
                <LuLock aria-hidden="true" />
                <Text>The amount is reserved from your balance until the payout is sent.</Text>
              </HStack>
              <Button type="submit" size="lg" mt={{ sm: 4 }} loading={pending} loadingText="Submitting..." flexShrink={0}>
                <LuSend aria-hidden="true" />
                Request Withdrawal
              </Button>
            </Flex>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

type WithdrawFormState = ReturnType<typeof useZodForm<WithdrawFormValues, ReturnType<typeof withdrawFormSchema>>>;

/** The selected new method's fields, the same as in the profile's Add Payment Method form. */
function NewMethodFields({ type, form, disabled }: { type: PaymentMethodType; form: WithdrawFormState; disabled: boolean }) {
  return (
    <MethodFieldsFrame type={type}>
      <PaymentMethodFields type={type} form={form} variant="page" disabled={disabled} />
    </MethodFieldsFrame>
  );
}

const SAVED_FIELD_LABELS: Record<MethodFieldName, string> = {
  paypalEmail: 'PayPal Email',
  cryptoCurrency: 'Cryptocurrency',
  walletAddress: 'Wallet Address',
  bankName: 'Bank Name',
  accountHolderName: 'Account Holder Name',
  routingNumber: 'Routing Number',
  accountNumber: 'Account Number',
  accountType: 'Account Type',
  iban: 'IBAN',
  swiftCode: 'SWIFT/BIC',
};

/** A saved method's details, pre-filled and read-only: the API only ever gives them masked. */
function SavedMethodFields({ method }: { method: PaymentMethod }) {
  const values = savedMethodValues(method);
  const names = METHOD_FIELDS[method.type].filter((name) => values[name]);
  return (
    <MethodFieldsFrame type={method.type} saved>
      <SimpleGrid columns={{ base: 1, md: names.length > 1 ? 2 : 1 }} gap={5}>
        {names.map((name) => (
          <FormField key={name} label={SAVED_FIELD_LABELS[name]} readOnly required>
            <Input
              value={values[name]}
              readOnly
              bg="bg.subtle"
              color="fg.muted"
              borderStyle="dashed"
              fontFamily={name === 'walletAddress' || name === 'routingNumber' || name === 'accountNumber' || name === 'iban' ? 'mono' : undefined}
            />
          </FormField>
        ))}
      </SimpleGrid>
    </MethodFieldsFrame>
  );
}

function MethodFieldsFrame({ type, saved = false, children }: { type: PaymentMethodType; saved?: boolean; children: ReactNode }) {
  return (
    <Box
      as="section"
      aria-labelledby="method-details-heading"
      borderWidth="1px"
      borderColor="border"
      borderRadius="l3"
      bg="bg.subtle"
      p={{ base: 4, md: 5 }}
    >
      <Flex align="center" gap={3} mb={5} wrap="wrap">
        <Icon as={PAYMENT_METHOD_ICONS[type]} boxSize="5" color="brand.fg" aria-hidden="true" />
        <Heading as="h3" id="method-details-heading" size="md" flex="1">
          {PAYMENT_METHOD_LABELS[type]} details
        </Heading>
        {saved ? (
          <Badge variant="outline" colorPalette="gray" gap={1}>
            <LuLock aria-hidden="true" />
            Saved method
          </Badge>
        ) : null}
      </Flex>
      <Stack gap={5}>{children}</Stack>
      {saved ? (
        <Text fontSize="sm" color="fg.subtle" mt={4}>
          Saved details are shown masked and can't be changed here. Manage them in{' '}
          <Link asChild variant="underline" colorPalette="brand">
            <RouterLink to="/profile">My Profile</RouterLink>
          </Link>
          .
        </Text>
      ) : null}
    </Box>
  );
}

/* ------------------------------------------------------------------------------------------------
 * Aside
 * --------------------------------------------------------------------------------------------- */

function RecentWithdrawals() {
  return (
    <RecentActivityCard
      title="Recent withdrawals"
      headingId="recent-withdrawals-heading"
      loadingLabel="Loading withdrawals"
      errorText="Your withdrawals could not be loaded."
      emptyText="No withdrawals yet"
      query={useWithdrawalsQuery()}
      renderItem={(withdrawal) => (
        <RecentActivityRow
          key={withdrawal.id}
          icon={PAYMENT_METHOD_ICONS[withdrawal.method.type]}
          amount={withdrawal.amount}
          badge={WITHDRAWAL_STATUS_BADGES[withdrawal.status]}
          // The summary names the method itself ('PayPal · jo***@example.com').
          details={withdrawal.method.summary}
          detailsTitle={withdrawal.method.summary}
          createdAt={withdrawal.createdAt}
          note={withdrawal.status === 'rejected' ? withdrawal.note : null}
        />
      )}
    />
  );
}

function ProcessingTimes() {
  return (
    <Card.Root as="section" aria-labelledby="processing-times-heading" variant="outline" size="sm" bg="bg.subtle" borderColor="border">
      <Card.Body gap={3}>
        <Heading as="h2" id="processing-times-heading" size="sm" display="flex" alignItems="center" gap={2}>
          <Icon as={LuClock} boxSize="4" color="brand.fg" aria-hidden="true" />
          Processing times
        </Heading>
        <Stack as="dl" gap={2} fontSize="sm">
          {PAYMENT_METHOD_TYPES.map((type) => (
            <Flex key={type} justify="space-between" gap={3}>
              <Text as="dt" color="fg.muted">
                {PAYMENT_METHOD_LABELS[type]}
              </Text>
              <Text as="dd" fontWeight="medium" textAlign="end">
                {PROCESSING_TIMES[type]}
              </Text>
            </Flex>
          ))}
        </Stack>
        <Text fontSize="xs" color="fg.subtle" lineHeight="1.6">
          Requests are reviewed before payout. If one is rejected, the amount returns to your balance.
        </Text>
      </Card.Body>
    </Card.Root>
  );
}
