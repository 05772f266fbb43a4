/** Draws the app's toasts (the store and its options are in toaster.tsx). Loaded lazily by App. */
import { Portal, Spinner, Stack } from '@chakra-ui/react';
import { Toaster as ChakraToaster, Toast } from '@chakra-ui/react';
import { toaster } from './toaster';

export default function ToastViewport() {
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
              // White on Chakra's solid green or orange is 3.3-3.6:1, and its descriptions are drawn
              // at 80 % opacity (2.6:1 on green): one shade darker, with the description opaque,
              // every coloured toast reads at 4.5:1 or more (WCAG AA for its small text).
              '&[data-type=success]': { bg: 'green.700' },
              '&[data-type=error]': { bg: 'red.700' },
              '&[data-type=warning]': { bg: 'orange.700' },
              '&:is([data-type=success], [data-type=error], [data-type=warning]) [data-part=description]': { opacity: 1 },
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
