/**
 * The confirmation before a saved payment method is deleted. The request is idempotent
 * (useDeletePaymentMethodMutation): after a network error the dialog stays open and pressing
 * Delete again retries the same deletion.
 */
import { useState } from 'react';
import { Box, Stack } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react';
import { TrashIcon } from 'lucide-react';
import { ApiError } from '../../api/client';
import { QueuedForSync } from '../../offline/queuedForSync';
import { ConfirmDialog } from '../dialogs';
import { useDeletePaymentMethodMutation, type PaymentMethod } from '../../queries/paymentMethods';
import { createSlotToast } from '../forms/useFormSubmission';
import { PAYMENT_METHODS_TOAST_SLOT } from './paymentMethodForm';
import { PaymentMethodSummary } from './PaymentMethodSummary';

const NETWORK_HINT = 'Please check your connection and try again.';

interface DeletePaymentMethodDialogProps {
  /** The method to delete; null closes the dialog. */
  method: PaymentMethod | null;
  onClose: () => void;
  finalFocusEl: () => HTMLElement | null;
}

export function DeletePaymentMethodDialog({ method, onClose, finalFocusEl }: DeletePaymentMethodDialogProps) {
  const deleteMutation = useDeletePaymentMethodMutation();
  const deleting = deleteMutation.isPending;
  // Kept while the dialog animates closed, so its text does not vanish mid-animation.
  const [shown, setShown] = useState<PaymentMethod | null>(method);
  if (method && method !== shown) setShown(method);

  async function handleDelete() {
    if (!method || deleting) return;
    try {
      await deleteMutation.mutateAsync(method.id);
      createSlotToast(PAYMENT_METHODS_TOAST_SLOT, { title: 'Payment method deleted successfully', type: 'success' });
      onClose();
    } catch (error) {
      if (error instanceof QueuedForSync) {
        // Offline: the deletion waits in the outbox; the card shows 'Pending sync' meanwhile.
        createSlotToast(PAYMENT_METHODS_TOAST_SLOT, { title: 'Pending sync', description: error.message, type: 'info' });
        onClose();
        return;
      }
      createSlotToast(PAYMENT_METHODS_TOAST_SLOT, {
        title: 'Failed to delete payment method',
        description: error instanceof ApiError ? error.detail : NETWORK_HINT,
        type: 'error',
      });
      // The server answered (404: it is already gone): nothing to retry. A network error keeps the
      // dialog open for another try with the same key.
      if (error instanceof ApiError) onClose();
    }
  }

  return (
    <ConfirmDialog
      open={method !== null}
      onClose={onClose}
      finalFocusEl={finalFocusEl}
      size="sm"
      title="Delete payment method?"
      cancelLabel="Cancel"
      confirmLabel={
        <>
          <TrashIcon aria-hidden="true" />
          Delete
        </>
      }
      onConfirm={() => void handleDelete()}
      busy={deleting}
      busyText="Deleting..."
    >
      <Stack gap="4">
        <Dialog.Description color="fg.muted">
          This payment method will be removed from your account. You can add it again at any time.
        </Dialog.Description>
        {shown ? (
          <Box p="4" bg="bg.subtle" borderWidth="1px" borderColor="border" borderRadius="l2">
            <PaymentMethodSummary method={shown} showProcessingTime={false} />
          </Box>
        ) : null}
      </Stack>
    </ConfirmDialog>
  );
}
