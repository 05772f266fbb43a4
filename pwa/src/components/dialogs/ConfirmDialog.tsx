/**
 * A confirmation before something destructive (an alert dialog): a title, what will happen
 * (children), a cancel button and a red confirm button that shows `busyText` while the request
 * runs. The caller owns the request and closes the dialog when it is done.
 */
import { type ReactNode } from 'react';
import { Button } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react';
import { DialogActions } from './DialogActions';
import { ModalDialog } from './ModalDialog';

interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  finalFocusEl: () => HTMLElement | null;
  /** The dialog's width from `sm` up (phones get `xs`). */
  size: 'sm' | 'md';
  title: string;
  cancelLabel: string;
  /** The confirm button's content (text, optionally an icon). */
  confirmLabel: ReactNode;
  onConfirm: () => void;
  busy: boolean;
  busyText: string;
  children: ReactNode;
}

export function ConfirmDialog({
  open,
  onClose,
  finalFocusEl,
  size,
  title,
  cancelLabel,
  confirmLabel,
  onConfirm,
  busy,
  busyText,
  children,
}: ConfirmDialogProps) {
  return (
    <ModalDialog
      role="alertdialog"
      open={open}
      onClose={onClose}
      size={{ base: 'xs', sm: size }}
      busy={busy}
      finalFocusEl={finalFocusEl}
      positionerProps={{ px: '4' }}
      contentProps={{ borderWidth: '1px' }}
    >
      <Dialog.Header pe="12">
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>{children}</Dialog.Body>
      <DialogActions cancelLabel={cancelLabel} busy={busy}>
        <Button colorPalette="red" loading={busy} loadingText={busyText} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
