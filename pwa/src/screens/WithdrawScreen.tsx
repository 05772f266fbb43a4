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
import { useEffect, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Badge,
  Box,
  Button,
  Card,
  Center,
  EmptyState,
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
  RadioGroup,
  SimpleGrid,
  Skeleton,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { LuArrowRight, LuClock, LuInbox, LuLock, LuPlus, LuSend, LuWallet } from 'react-icons/lu';
import { z } from 'zod';
import {
  CRYPTO_CURRENCIES,
  MIN_WITHDRAWAL_CENTS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHOD_TYPES,
  PROCESSING_TIMES,
  type PaymentMethodType,
} from '../../../shared/constants';
import { formatDateTime, maskBankAccount, maskCryptoAddress, maskIban } from '../../../shared/format';
import { formatMoney, formatUsd, parseMoney } from '../../../shared/money';
import {
  paymentMethodInputSchema,
  withdrawalAmountSchema,
  type PaymentMethod,
  type Withdrawal,
  type WithdrawalStatus,
} from '../../../shared/schemas/wallet';
import { ApiError } from '../api/client';
import { AuthRequired } from '../components/AuthRequired';
import { FormField, FormSelect, RequiredFieldsNote, RequiredMark } from '../components/forms/FormField';
import { useZodForm } from '../components/forms/useZodForm';
import { PageTitle } from '../components/PageTitle';
import { toaster } from '../components/toaster';
import {
  ACCOUNT_TYPE_LABELS,
  CRYPTO_CURRENCY_LABELS,
  PAYMENT_METHOD_ICONS,
  PaymentMethodIcon,
  PaymentMethodSummary,
  type CryptoCurrency,
} from '../components/wallet/PaymentMethodSummary';
import { usePaymentMethodsQuery } from '../queries/paymentMethods';
import { formatBalance, useCurrentUser, type User } from '../queries/user';
import { useRequestWithdrawalMutation, useWithdrawalsQuery, type RequestWithdrawalInput } from '../queries/wallet';

const MIN_WITHDRAWAL = formatUsd(BigInt(MIN_WITHDRAWAL_CENTS));
const BALANCE_NOT_ENOUGH = 'Balance not enough - Top up balance';
const SELECT_METHOD = 'Please select a payment method';
const SAVED_PREFIX = 'saved_';
const ROUTING_NUMBER_LENGTH = 9;
const ACCOUNT_NUMBER_MAX_LENGTH = 17;
const SWIFT_MAX_LENGTH = 11;
/** Enough for any amount the server accepts ("10000000000.00"). */
const AMOUNT_MAX_LENGTH = 14;

const WITHDRAWAL_STATUS_BADGES: Record<WithdrawalStatus, { label: string; palette: string }> = {
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

const CRYPTO_OPTIONS = CRYPTO_CURRENCIES.map((currency) => ({ value: currency, label: CRYPTO_CURRENCY_LABELS[currency] }));

const WALLET_PLACEHOLDERS: Record<CryptoCurrency | '', string> = {
  '': 'Select a cryptocurrency first',
  bitcoin: 'bc1q… , 1… or 3…',
  ethereum: '0x…',
  litecoin: 'ltc1… , L… or M…',
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

/** Upper-cases what is typed, keeping the caret where it was (React would move it to the end). */
function upperCased(event: ChangeEvent<HTMLInputElement>): string {
  const input = event.target;
  const upper = input.value.toUpperCase();
  if (upper !== input.value) {
    const { selectionStart, selectionEnd } = input;
    input.value = upper;
    input.setSelectionRange(selectionStart, selectionEnd);
  }
  return upper;
}

const onlyDigits = (value: string) => value.replace(/\D+/g, '');

export default function WithdrawScreen() {
  const { data: user, isPending, isError, refetch, isRefetching } = useCurrentUser();

  if (isPending) {
    return (
      <Center py="20" role="status" aria-live="polite">
        <Stack align="center" gap="4">
          <Spinner size="lg" color="brand.400" borderWidth="3px" />
          <Text color="fg.muted">Loading...</Text>
        </Stack>
      </Center>
    );
  }
  if (isError) {
    return (
      <Center py="16">
        <EmptyState.Root maxW="md" bg="bg.panel" borderWidth="1px" borderColor="border" borderRadius="l3">
          <EmptyState.Content>
            <EmptyState.Title as="h1">Withdrawals are not available</EmptyState.Title>
            <EmptyState.Description>We could not load your account. Please try again.</EmptyState.Description>
            <Button colorPalette="brand" onClick={() => void refetch()} loading={isRefetching}>
              Try Again
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      </Center>
    );
  }
  if (!user) {
    return <AuthRequired description="Please sign in with your Steam account to withdraw funds from your balance." />;
  }
  return <Withdraw user={user} />;
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
          <BalanceCard balance={user.balance} />
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

function BalanceCard({ balance }: { balance: string }) {
  return (
    <Card.Root as="section" aria-labelledby="available-balance-heading" bg="bg.panel" borderColor="border" overflow="hidden">
      <Box h="1" bgGradient="to-r" gradientFrom="brand.600" gradientTo="brand.300" aria-hidden="true" />
      <Card.Body p={{ base: 5, md: 6 }} gap={4}>
        <Flex align="center" gap={4}>
          <Center boxSize="12" flexShrink={0} borderRadius="lg" bg="brand.subtle" color="brand.fg" borderWidth="1px" borderColor="brand.muted">
            <LuWallet size="22" aria-hidden="true" />
          </Center>
          <Box minW={0}>
            <Text id="available-balance-heading" fontSize="sm" color="fg.muted">
              Available Balance
            </Text>
            <Text fontSize={{ base: '2xl', md: '3xl' }} fontWeight="bold" lineHeight="short" fontVariantNumeric="tabular-nums">
              {formatBalance(balance)}
            </Text>
          </Box>
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          Minimum withdrawal: {MIN_WITHDRAWAL}
        </Text>
        <Button asChild variant="outline" size="sm" borderColor="border.emphasized" alignSelf="flex-start">
          <RouterLink to="/add-funds">
            <LuPlus aria-hidden="true" />
            Add Funds
          </RouterLink>
        </Button>
      </Card.Body>
    </Card.Root>
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
        if (error instanceof ApiError && error.status === 401) return;
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
                        <RadioCard.Item key={type} value={type} borderColor={errors.destination ? 'border.error' : undefined}>
                          <RadioCard.ItemHiddenInput />
                          <RadioCard.ItemControl position="relative" alignItems="flex-start">
                            <RadioCard.ItemContent gap={2} alignItems="flex-start">
                              <PaymentMethodIcon type={type} size="sm" />
                              <Box>
                                <RadioCard.ItemText fontWeight="semibold" lineHeight="short">
                                  {PAYMENT_METHOD_LABELS[type]}
                                </RadioCard.ItemText>
                                <RadioCard.ItemDescription fontSize="xs" mt="0.5">
                                  {PROCESSING_TIMES[type]}
                                </RadioCard.ItemDescription>
                              </Box>
                            </RadioCard.ItemContent>
                            <RadioCard.ItemIndicator position="absolute" top="3" insetEnd="3" />
                          </RadioCard.ItemControl>
                        </RadioCard.Item>
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

/** The selected new method's fields, labelled as in the profile's Add Payment Method form. */
function NewMethodFields({ type, form, disabled }: { type: PaymentMethodType; form: WithdrawFormState; disabled: boolean }) {
  const { errors } = form;
  const cryptoCurrency = form.values.cryptoCurrency as CryptoCurrency | '';

  return (
    <MethodFieldsFrame type={type}>
      {type === 'paypal' && (
        <FormField label="PayPal Email" required error={errors.paypalEmail} disabled={disabled}>
          <Input
            {...form.inputProps('paypalEmail')}
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            placeholder="you@example.com"
          />
        </FormField>
      )}

      {type === 'crypto' && (
        <>
          <FormField label="Cryptocurrency" required error={errors.cryptoCurrency} disabled={disabled}>
            <FormSelect {...form.selectProps('cryptoCurrency')} placeholder="Select a cryptocurrency" options={CRYPTO_OPTIONS} />
          </FormField>
          <FormField
            label="Wallet Address"
            required
            error={errors.walletAddress}
            helperText="Double-check it: payments sent to a wrong address cannot be recovered."
            disabled={disabled}
          >
            <Input
              {...form.inputProps('walletAddress')}
              autoComplete="off"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              fontFamily="mono"
              fontSize="sm"
              placeholder={WALLET_PLACEHOLDERS[cryptoCurrency]}
            />
          </FormField>
        </>
      )}

      {type === 'bank_wire_usa' && (
        <>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap={5}>
            <FormField label="Bank Name" required error={errors.bankName} disabled={disabled}>
              <Input {...form.inputProps('bankName')} autoComplete="off" placeholder="e.g. Chase Bank" />
            </FormField>
            <FormField label="Account Holder Name" required error={errors.accountHolderName} disabled={disabled}>
              <Input {...form.inputProps('accountHolderName')} autoComplete="name" placeholder="Name on the account" />
            </FormField>
            <FormField label="Routing Number" required error={errors.routingNumber} helperText="9 digits" disabled={disabled}>
              <Input
                {...form.inputProps('routingNumber')}
                onChange={(event) => form.setField('routingNumber', onlyDigits(event.target.value).slice(0, ROUTING_NUMBER_LENGTH))}
                maxLength={ROUTING_NUMBER_LENGTH}
                inputMode="numeric"
                autoComplete="off"
                fontFamily="mono"
                placeholder="021000021"
              />
            </FormField>
            <FormField label="Account Number" required error={errors.accountNumber} helperText="6-17 digits" disabled={disabled}>
              <Input
                {...form.inputProps('accountNumber')}
                onChange={(event) => form.setField('accountNumber', onlyDigits(event.target.value))}
                maxLength={ACCOUNT_NUMBER_MAX_LENGTH}
                inputMode="numeric"
                autoComplete="off"
                fontFamily="mono"
                placeholder="000123456789"
              />
            </FormField>
          </SimpleGrid>
          <Fieldset.Root size="sm" disabled={disabled}>
            <Fieldset.Legend fontSize="sm" fontWeight="medium" color="fg" mb="1">
              Account Type
            </Fieldset.Legend>
            <RadioGroup.Root {...form.radioProps('accountType')} colorPalette="brand" size="sm" orientation="horizontal" display="flex" gap="6">
              {(['checking', 'savings'] as const).map((accountType) => (
                <RadioGroup.Item key={accountType} value={accountType}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{ACCOUNT_TYPE_LABELS[accountType]}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </RadioGroup.Root>
          </Fieldset.Root>
        </>
      )}

      {type === 'iban_sepa' && (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={5}>
          <FormField label="Account Holder Name" required error={errors.accountHolderName} disabled={disabled}>
            <Input {...form.inputProps('accountHolderName')} autoComplete="name" placeholder="Name on the account" />
          </FormField>
          <FormField label="IBAN" required error={errors.iban} helperText="Spaces are fine" disabled={disabled}>
            <Input
              {...form.inputProps('iban')}
              onChange={(event) => form.setField('iban', upperCased(event))}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              fontFamily="mono"
              placeholder="DE89 3704 0044 0532 0130 00"
            />
          </FormField>
          <FormField label="SWIFT/BIC" required error={errors.swiftCode} helperText="8 or 11 characters" disabled={disabled}>
            <Input
              {...form.inputProps('swiftCode')}
              onChange={(event) => form.setField('swiftCode', upperCased(event))}
              maxLength={SWIFT_MAX_LENGTH}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              fontFamily="mono"
              placeholder="COBADEFFXXX"
            />
          </FormField>
          <FormField label="Bank Name" error={errors.bankName} disabled={disabled}>
            <Input {...form.inputProps('bankName')} autoComplete="off" placeholder="e.g. Commerzbank" />
          </FormField>
        </SimpleGrid>
      )}
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
  const { data, isPending, isError, refetch, isRefetching } = useWithdrawalsQuery();

  return (
    <Card.Root as="section" aria-labelledby="recent-withdrawals-heading" variant="outline" size="sm" bg="bg.panel" borderColor="border">
      <Card.Body gap={3}>
        <Heading as="h2" id="recent-withdrawals-heading" size="sm">
          Recent withdrawals
        </Heading>
        {isPending ? (
          <Stack gap={2} aria-busy="true" aria-label="Loading withdrawals">
            <Skeleton h="12" borderRadius="md" />
            <Skeleton h="12" borderRadius="md" />
          </Stack>
        ) : isError ? (
          <Stack gap={2} align="flex-start">
            <Text fontSize="sm" color="fg.muted">
              Your withdrawals could not be loaded.
            </Text>
            <Button size="xs" variant="outline" onClick={() => void refetch()} loading={isRefetching}>
              Retry
            </Button>
          </Stack>
        ) : data.items.length === 0 ? (
          <EmptyState.Root size="sm" py={4}>
            <EmptyState.Content>
              <EmptyState.Indicator>
                <LuInbox />
              </EmptyState.Indicator>
              <EmptyState.Description fontSize="sm">No withdrawals yet</EmptyState.Description>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <Stack as="ul" gap={0} listStyleType="none" aria-label="Recent withdrawals">
            {data.items.map((withdrawal) => (
              <WithdrawalRow key={withdrawal.id} withdrawal={withdrawal} />
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function WithdrawalRow({ withdrawal }: { withdrawal: Withdrawal }) {
  const badge = WITHDRAWAL_STATUS_BADGES[withdrawal.status] ?? { label: 'Unknown', palette: 'gray' };
  return (
    <Flex as="li" align="flex-start" gap={3} py={2.5} borderBottomWidth="1px" borderColor="border" _last={{ borderBottomWidth: 0 }}>
      <Center boxSize="8" flexShrink={0} borderRadius="md" bg="bg.emphasized" color="fg.muted" mt="0.5">
        <Icon as={PAYMENT_METHOD_ICONS[withdrawal.method.type] ?? LuWallet} boxSize="4" aria-hidden="true" />
      </Center>
      <Box flex="1" minW={0}>
        <Flex align="center" justify="space-between" gap={2}>
          <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
            {formatBalance(withdrawal.amount)}
          </Text>
          <Badge colorPalette={badge.palette} variant="subtle" flexShrink={0}>
            {badge.label}
          </Badge>
        </Flex>
        {/* The summary names the method itself ('PayPal · jo***@example.com'). */}
        <Text fontSize="xs" color="fg.muted" truncate title={withdrawal.method.summary}>
          {withdrawal.method.summary}
        </Text>
        <Text fontSize="xs" color="fg.subtle">
          {safeDateTime(withdrawal.createdAt)}
        </Text>
        {withdrawal.status === 'rejected' && withdrawal.note ? (
          <Text fontSize="xs" color="fg.error" mt={1}>
            {withdrawal.note}
          </Text>
        ) : null}
      </Box>
    </Flex>
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

function safeDateTime(iso: string): string {
  try {
    return formatDateTime(iso);
  } catch {
    return '';
  }
}
