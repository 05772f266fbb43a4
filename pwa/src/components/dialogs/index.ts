/** The shared dialog pieces: the frame, the cancel-and-act footer and the confirmation. */
export { ConfirmDialog } from './ConfirmDialog';
export { DialogActions } from './DialogActions';
export { ModalDialog } from './ModalDialog';
