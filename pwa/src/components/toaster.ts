/**
 * App-wide toasts (spec section 9): one visible at a time, 5 s each, bottom-right, at most 420 px
 * wide, F8 moves focus to the notifications. Call `toaster.create({ title, description, type })`
 * from anywhere; <Toaster /> is rendered once by App.
 */
import {
  Toaster as ChakraToaster,
  Portal,
  Spinner,
  Stack,
  Toast,
  createToaster,
} from '@chakra-ui/react';
import { TOAST_DURATION_MS } from '../../../shared/constants';

export const toaster = createToaster({
  placement: 'bottom-end',
  max: 1,
  duration: TOAST_DURATION_MS,
  pauseOnPageIdle: true,
  hotkey: ['F8'],
});

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} maxWidth="420px">
        {(toast) => (
          <Toast.Root
            width={{ base: 'full', md: 'sm' }}
            maxWidth="420px"
            css={{
              // Neutral toasts sit on the panel colour and need an edge; coloured ones do not.
              '&:not([data-type=success], [data-type=error], [data-type=warning])': {
                borderWidth: '1px',
                borderColor: 'border.emphasized',
              },
            }}
          >
            {toast.type === 'loading' ? (
              <Spinner size="sm" color="brand.solid" />
            ) : (
              <Toast.Indicator />
            )}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable !== false && <Toast.CloseTrigger aria-label="Dismiss notification" />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
