/**
 * A dialog's footer with a cancel button that closes it and the dialog's own main action
 * (children): side by side from `sm` up, stacked with the main action on top on phones.
 */
import { type ReactNode } from 'react';
import { Button } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react';

interface DialogActionsProps {
  /** The cancel button's text ('Cancel' unless the dialog says otherwise). */
  cancelLabel?: string;
  /** A request is under way: the cancel button is disabled. */
  busy?: boolean;
  children: ReactNode;
}

export function DialogActions({ cancelLabel = 'Cancel', busy = false, children }: DialogActionsProps) {
  return (
    <Dialog.Footer flexDirection={{ base: 'column-reverse', sm: 'row' }} alignItems={{ base: 'stretch', sm: 'center' }} gap="3">
      <Dialog.ActionTrigger asChild>
        <Button variant="outline" borderColor="border.emphasized" disabled={busy}>
          {cancelLabel}
        </Button>
      </Dialog.ActionTrigger>
      {children}
    </Dialog.Footer>
  );
}
