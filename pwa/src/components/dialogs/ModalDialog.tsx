/**
 * The frame every app dialog shares: centred, sliding in from the bottom over a blurred backdrop,
 * on the panel surface, with a close button in the corner. `busy` (a request is under way) keeps
 * it open (no Escape, no outside click, the close button disabled); `dismissable={false}` (a step
 * that must not be left) does the same and hides the close button.
 */
import { type ReactNode } from 'react';
import { CloseButton, Portal } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react';

interface ModalDialogProps extends Omit<Dialog.RootProps, 'children' | 'onOpenChange'> {
  /** Called when the user dismisses the dialog (Escape, outside click, close or cancel button). */
  onClose: () => void;
  busy?: boolean;
  dismissable?: boolean;
  positionerProps?: Dialog.PositionerProps;
  contentProps?: Dialog.ContentProps;
  children: ReactNode;
}

export function ModalDialog({
  onClose,
  busy = false,
  dismissable = true,
  positionerProps,
  contentProps,
  children,
  ...rootProps
}: ModalDialogProps) {
  const closable = dismissable && !busy;
  return (
    <Dialog.Root
      placement="center"
      motionPreset="slide-in-bottom"
      closeOnInteractOutside={closable}
      closeOnEscape={closable}
      {...rootProps}
      // The dialogs have no trigger: the only change the user can make is closing.
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.700" backdropFilter="blur(2px)" />
        <Dialog.Positioner {...positionerProps}>
          <Dialog.Content bg="bg.panel" borderWidth={{ sm: '1px' }} borderColor="border.emphasized" {...contentProps}>
            {children}
            {dismissable ? (
              <Dialog.CloseTrigger asChild disabled={busy}>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
