/**
 * App-wide toasts: one visible at a time, 5 s each, bottom-right, at most 420 px
 * wide, F8 moves focus to the notifications. Call `toaster.create({ title, description, type })`
 * from anywhere. The toasts are drawn by ToastViewport.tsx, which App loads with the first toast
 * (toasts created before it mounts wait in this store and show when it does); F8 works from then
 * on, when there is something to move to.
 */
import { createToaster } from '@chakra-ui/react';
import { TOAST_DURATION_MS } from '../../../shared/constants';

export const toaster = createToaster({
  placement: 'bottom-end',
  max: 1,
  duration: TOAST_DURATION_MS,
  pauseOnPageIdle: true,
  hotkey: ['F8'],
});
