/**
 * The PayPal panel: an amount in the deposit range (depositForm.ts), then POST /api/deposits and a
 * full navigation to the provider's hosted checkout. The balance changes only once the provider's
 * signed webhook confirms the payment (DepositReturnBanner follows that up).
 */
import { useState, type FormEvent } from 'react';
import { Button, Flex, HStack, Input, InputGroup, Stack, Text, Wrap } from '@chakra-ui/react';
import { ExternalLinkIcon, LockIcon } from 'lucide-react';
import { ApiError, isUnauthorized } from '../../api/client';
import { FormField } from '../../components/forms/FormField';
import { useZodForm } from '../../components/forms/useZodForm';
import { toaster } from '../../components/toaster';
import { useCreateDepositMutation } from '../../queries/wallet';
import { DEPOSIT_RANGE, QUICK_AMOUNTS, depositFormSchema, depositRequest, quickAmountLabel } from './depositForm';

export function PayPalDeposit() {
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
      depositRequest(input),
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
              {quickAmountLabel(amount)}
            </Button>
          ))}
        </Wrap>
        <Flex direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'center' }} gap={4} justify="space-between">
          <HStack gap={2} color="fg.subtle" fontSize="sm">
            <LockIcon aria-hidden="true" />
            <Text>Payments are processed securely by PayPal.</Text>
          </HStack>
          <Button type="submit" size="lg" loading={busy} loadingText="Redirecting...">
            Continue to PayPal
            <ExternalLinkIcon aria-hidden="true" />
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}

