/**
 * 'Add Payment Method': a dialog that asks for the type (one method per type; a type already saved
 * is shown as added) and then that type's fields, checked with the same schema the API uses. The
 * request is idempotent (useAddPaymentMethodMutation): pressing the button again after a network
 * error retries the same submission, so a method is saved at most once.
 */
import { useState } from 'react';
import { Button, Field, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react';
import { Fieldset } from '@chakra-ui/react';
import { RadioCard } from '@chakra-ui/react';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHOD_TYPES, type PaymentMethodType } from '../../../../shared/constants';
import { paymentMethodInputSchema, type NewPaymentMethod } from '../../../../shared/schemas/wallet';
import { useAddPaymentMethodMutation } from '../../queries/paymentMethods';
import { DialogActions, ModalDialog } from '../dialogs';
import { RequiredMark } from '../forms/FormField';
import { useFormSubmission } from '../forms/useFormSubmission';
import { useZodForm } from '../forms/useZodForm';
import { PaymentMethodFields, PaymentMethodTypeCard } from './PaymentMethodFields';
import { EMPTY_PAYMENT_METHOD_FORM, PAYMENT_METHODS_TOAST_SLOT, toRequestBody } from './paymentMethodForm';

interface AddPaymentMethodDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Types the user already has; the server refuses a second one (409). */
  savedTypes: ReadonlySet<PaymentMethodType>;
  finalFocusEl: () => HTMLElement | null;
}

export function AddPaymentMethodDialog({ open, onOpenChange, savedTypes, finalFocusEl }: AddPaymentMethodDialogProps) {
  const [saving, setSaving] = useState(false);
  return (
    <ModalDialog
      open={open}
      onClose={() => onOpenChange(false)}
      size="md"
      scrollBehavior="inside"
      busy={saving}
      finalFocusEl={finalFocusEl}
      // Every opening starts from an empty form.
      lazyMount
      unmountOnExit
      // Full screen on phones, where the form is taller than the screen anyway.
      contentProps={{
        maxW: { base: '100dvw', sm: 'xl' },
        minH: { base: '100dvh', sm: 'auto' },
        maxH: { base: '100dvh', sm: 'calc(100% - 5rem)' },
        my: { base: '0', sm: 'auto' },
        borderRadius: { base: '0', sm: 'l3' },
      }}
    >
      <AddPaymentMethodForm savedTypes={savedTypes} onSavingChange={setSaving} onAdded={() => onOpenChange(false)} />
    </ModalDialog>
  );
}


interface AddPaymentMethodFormProps {
  savedTypes: ReadonlySet<PaymentMethodType>;
  onSavingChange: (saving: boolean) => void;
  onAdded: () => void;
}

function AddPaymentMethodForm({ savedTypes, onSavingChange, onAdded }: AddPaymentMethodFormProps) {
  const addMutation = useAddPaymentMethodMutation();
  const form = useZodForm({ schema: paymentMethodInputSchema, initialValues: EMPTY_PAYMENT_METHOD_FORM });
  const { values, errors } = form;
  async function sendPaymentMethod(input: NewPaymentMethod) {
    onSavingChange(true);
    try {
      return await addMutation.mutateAsync(toRequestBody(input));
    } finally {
      onSavingChange(false);
    }
  }

  const submission = useFormSubmission({
    form,
    send: sendPaymentMethod,
    successToast: {
      title: 'Payment method added successfully',
      description: values.type
        ? `${PAYMENT_METHOD_LABELS[values.type as PaymentMethodType]} is ready for withdrawals.`
        : 'It is ready for withdrawals.',
    },
    failureTitle: 'Failed to add payment method',
    toastFieldErrors: true,
    toastSlot: PAYMENT_METHODS_TOAST_SLOT,
    onSuccess: onAdded,
  });

  const type = values.type as PaymentMethodType | '';

  return (
    <form ref={form.formRef} noValidate onSubmit={submission.handleSubmit} style={{ display: 'contents' }}>
      <Dialog.Header pe="12" flexDirection="column" alignItems="flex-start" gap="1">
        <Dialog.Title>Add Payment Method</Dialog.Title>
        <Dialog.Description fontSize="sm" color="fg.muted">
          Choose where your withdrawals should be paid, then enter its details.
        </Dialog.Description>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="6">
          <Fieldset.Root invalid={Boolean(errors.type)} size="sm" disabled={submission.isPending}>
            <Fieldset.Legend fontSize="sm" fontWeight="medium" color="fg" mb="2">
              Payment method type
              <RequiredMark />
            </Fieldset.Legend>
            <RadioCard.Root {...form.radioProps('type')} required size="sm" variant="surface" colorPalette="brand">
              <SimpleGrid columns={2} gap="3">
                {PAYMENT_METHOD_TYPES.map((option) => (
                  <PaymentMethodTypeCard key={option} type={option} invalid={Boolean(errors.type)} added={savedTypes.has(option)} />
                ))}
              </SimpleGrid>
            </RadioCard.Root>
            <Fieldset.ErrorText display="inline-flex" alignItems="center" gap="1" textStyle="xs" fontWeight="medium">
              <Field.ErrorIcon boxSize="3.5" />
              {errors.type}
            </Fieldset.ErrorText>
          </Fieldset.Root>

          {type !== '' ? (
            <PaymentMethodFields type={type} form={form} variant="dialog" accountTypeDisabled={submission.isPending} />
          ) : null}

          {type === '' ? (
            <Text fontSize="sm" color="fg.subtle">
              Choose a type to enter its details.
            </Text>
          ) : null}
        </Stack>
      </Dialog.Body>
      <DialogActions busy={submission.isPending}>
        <Button type="submit" colorPalette="brand" loading={submission.isPending} loadingText="Saving..." minW={{ sm: '44' }}>
          Add Payment Method
        </Button>
      </DialogActions>
    </form>
  );
}
