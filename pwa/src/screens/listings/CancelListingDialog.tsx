/**
 * The confirmation before a listing is cancelled (POST /api/listings/{id}/cancel). It says how the
 * item comes back: by a trade offer from the bot right away when the listing is on sale, or once
 * Steam's trade protection ends when it is still in the hold (the bot cannot trade it before).
 * The outcome is a toast; the list is refetched either way.
 */
import { useState } from 'react';
import { Stack, Text } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react';
import { formatDateTime } from '../../../../shared/format';
import { ApiError, isUnauthorized } from '../../api/client';
import { ConfirmDialog } from '../../components/dialogs';
import { ItemSummary } from '../../components/items';
import { toaster } from '../../components/toaster';
import { useCancelListingMutation, type Listing } from '../../queries/listings';

/** One toast slot for cancellations, so a new outcome replaces the last. */
const TOAST_ID = 'cancel-listing';

interface CancelListingDialogProps {
  /** The listing to cancel; null closes the dialog. */
  listing: Listing | null;
  onClose: () => void;
  finalFocusEl: () => HTMLElement | null;
}

function returnExplanation(listing: Listing): string {
  return listing.status === 'holding'
    ? `It leaves the market now. Steam's trade protection keeps the item with our bot until ${formatDateTime(listing.holdEndTime)}; then the bot sends it back to you by trade offer.`
    : 'It leaves the market now, and our bot sends the item back to you by trade offer.';
}

export function CancelListingDialog({ listing, onClose, finalFocusEl }: CancelListingDialogProps) {
  const cancelMutation = useCancelListingMutation();
  const cancelling = cancelMutation.isPending;
  // Kept while the dialog animates closed, so its text does not vanish mid-animation.
  const [shown, setShown] = useState<Listing | null>(listing);
  if (listing && listing !== shown) setShown(listing);

  function handleConfirm() {
    if (!listing || cancelling) return;
    cancelMutation.mutate(listing.id, {
      onSuccess: (cancelled) => {
        toaster.create({
          id: TOAST_ID,
          title: 'Listing Cancelled',
          description: `${cancelled.name} is no longer on sale. Watch for the bot's trade offer in Steam.`,
          type: 'success',
        });
        onClose();
      },
      onError: (error) => {
        onClose();
        if (isUnauthorized(error)) return; // the screen turns into 'Authentication Required'
        toaster.create({
          id: TOAST_ID,
          title: 'Failed to cancel listing',
          description: error instanceof ApiError ? error.detail : 'Please check your connection and try again.',
          type: 'error',
        });
      },
    });
  }

  return (
    <ConfirmDialog
      open={listing !== null}
      onClose={onClose}
      finalFocusEl={finalFocusEl}
      size="md"
      title="Cancel this listing?"
      cancelLabel="Keep Listing"
      confirmLabel="Cancel Listing"
      onConfirm={handleConfirm}
      busy={cancelling}
      busyText="Cancelling..."
    >
      {shown ? (
        <Stack gap="4">
          <ItemSummary item={shown} framed />
          <Dialog.Description color="fg.muted">{returnExplanation(shown)}</Dialog.Description>
          <Text fontSize="sm" color="fg.subtle">
            A cancelled listing cannot be put back on sale; to sell the item again, list it anew once it is back in
            your inventory.
          </Text>
        </Stack>
      ) : null}
    </ConfirmDialog>
  );
}
