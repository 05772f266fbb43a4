/**
 * The withdrawal request form: where to (a saved method, radio value `saved_{id}`, shown masked and
 * read-only; or one of the four new-method types with its fields), the amount ('Max' fills what can
 * be withdrawn now), then POST /api/withdrawals through an idempotent mutation. Checking and the request
 * body are withdrawForm.ts's; the success toast comes only from the server's acceptance, and its
 * answer's balance goes straight into the nav.
 */
import { useEffect, useRef, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Box,
  Button,
  Card,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  InputGroup,
  Link,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Fieldset } from '@chakra-ui/react';
import { RadioCard } from '@chakra-ui/react';
import { ArrowRightIcon, LockIcon, SendIcon } from 'lucide-react';
import { PAYMENT_METHOD_TYPES, PROCESSING_TIMES } from '../../../../shared/constants';
import { formatMoney, formatUsd, parseMoney } from '../../../../shared/money';
import { ApiError, isUnauthorized } from '../../api/client';
import { FormField, RequiredFieldsNote, RequiredMark } from '../../components/forms/FormField';
import { useZodForm } from '../../components/forms/useZodForm';
import { toaster } from '../../components/toaster';
import { PaymentMethodTypeCard } from '../../components/wallet/PaymentMethodFields';
import { PaymentMethodSummary } from '../../components/wallet/PaymentMethodSummary';
import { usePaymentMethodsQuery } from '../../queries/paymentMethods';
import { formatBalance } from '../../queries/user';
import { useRequestWithdrawalMutation } from '../../queries/wallet';
import { NewMethodFields, SavedMethodFields } from './MethodDetails';
import {
  AMOUNT_MAX_LENGTH,
  BALANCE_NOT_ENOUGH,
  EMPTY_FORM,
  MIN_WITHDRAWAL,
  SAVED_FIELD_LABELS,
  isPaymentMethodType,
  savedDestination,
  savedMethodFor,
  withFlatFieldNames,
  withdrawFormSchema,
  type MethodFieldName,
  type Withdrawable,
} from './withdrawForm';

/** `withdrawable`: what can be withdrawn now, once known (the server checks it either way). */
export function WithdrawForm({ balance, withdrawable }: { balance: string; withdrawable?: Withdrawable }) {
  const balanceCents = parseMoney(balance) ?? 0n;
  const maximumCents = withdrawable && withdrawable.cents < balanceCents ? withdrawable.cents : balanceCents;
  const { data: methods, isPending: methodsPending, isError: methodsError, refetch: refetchMethods } = usePaymentMethodsQuery();
  const savedMethods = methods ?? [];
  const savedIds = new Set(savedMethods.map((method) => method.id));
  const preferred = savedMethods.find((method) => method.isDefault) ?? savedMethods[0];

  const form = useZodForm({
    schema: withdrawFormSchema(balanceCents, savedIds, withdrawable),
    initialValues: EMPTY_FORM,
    // Once the saved methods are known, the default one is chosen (unless the user already chose).
    prefill: preferred ? { destination: savedDestination(preferred.id) } : undefined,
  });
  const { values, errors } = form;
  const requestWithdrawal = useRequestWithdrawalMutation();
  const pending = requestWithdrawal.isPending;

  // The busy button lost focus while the request ran. If nothing else took it (a field with an
  // error does), give it back, so a keyboard user continues from where they were.
  // Only after a request: on the first render nothing was submitted, and the page keeps its focus.
  const { formRef } = form;
  const wasPending = useRef(false);
  useEffect(() => {
    if (pending) {
      wasPending.current = true;
      return;
    }
    if (!wasPending.current) return;
    wasPending.current = false;
    if (document.activeElement && document.activeElement !== document.body) return;
    formRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus({ preventScroll: true });
  }, [pending, formRef]);

  const savedMethod = savedMethodFor(values.destination, savedMethods);
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
    form.setField('amount', formatMoney(maximumCents));
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
                            value={savedDestination(method.id)}
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
                helperText={`Available: ${formatUsd(maximumCents)} · Minimum withdrawal: ${MIN_WITHDRAWAL}`}
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
                  <Button type="button" variant="outline" size="lg" borderColor="border.emphasized" onClick={fillMaximum} disabled={pending || maximumCents === 0n}>
                    Max
                  </Button>
                </HStack>
              </FormField>
              {errors.amount === BALANCE_NOT_ENOUGH ? (
                <Link asChild variant="underline" colorPalette="brand" fontSize="sm" fontWeight="medium" mt={2}>
                  <RouterLink to="/add-funds">
                    Top up your balance
                    <ArrowRightIcon aria-hidden="true" />
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
                <LockIcon aria-hidden="true" />
                <Text>The amount is reserved from your balance until the payout is sent.</Text>
              </HStack>
              <Button type="submit" size="lg" mt={{ sm: 4 }} loading={pending} loadingText="Submitting..." flexShrink={0}>
                <SendIcon aria-hidden="true" />
                Request Withdrawal
              </Button>
            </Flex>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
