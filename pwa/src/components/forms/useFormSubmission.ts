/**
 * Submitting a useZodForm form to the server: validate first (nothing is sent while a field is
 * invalid), then one request whose pending state is the button's 'Sending...'. The answer decides
 * what the user sees:
 * - success: the success toast, an inline success state (`success`) and a reset form;
 * - 400 with field messages: the server's messages under the fields, the first one focused;
 * - 429: an error toast with the server's message;
 * - queued in the outbox while offline (QueuedForSync, offline/queueing.ts): a 'Pending sync' toast,
 *   then like a success (reset, `onSuccess` without an answer);
 * - anything else: an error toast `failureTitle` with the server's message (or a network hint).
 *
 * Options for forms that live in a dialog or a list (payment methods): `onSuccess` runs after the
 * success toast (to close the dialog, say), `toastFieldErrors` also toasts `failureTitle` when the
 * server's field messages are shown, and `toastSlot` makes every toast of the form replace the last
 * one of that slot instead of queueing behind it (see createSlotToast).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { SUPPORT } from '../../../../shared/constants';
import { ApiError } from '../../api/client';
import { QueuedForSync } from '../../offline/queuedForSync';
import { toaster } from '../toaster';
import { type SubmittableForm } from './useZodForm';

interface FormSubmissionOptions<T> {
  form: SubmittableForm<T>;
  /** Sends the validated input; resolves once the server has accepted it. */
  send: (input: T) => Promise<unknown>;
  successToast: { title: string; description: string };
  /** Title of the error toast for failures other than validation and rate limiting. */
  failureTitle: string;
  /** Runs once the success toast is up, with the server's answer. */
  onSuccess?: (answer: unknown, input: T) => void;
  /** Also toast `failureTitle` (with the server's message) when a 400 names fields. Default false. */
  toastFieldErrors?: boolean;
  /** A toast slot for the form's outcomes: each toast replaces the previous one of the slot. */
  toastSlot?: string;
}

type ToastOptions = Parameters<typeof toaster.create>[0];

/** The visible toast of each slot. */
const slotToasts = new Map<string, string>();

/**
 * Shows a toast that replaces the previous toast of the same slot. Toasts show one at a time, 5 s
 * each: a success right after a failed attempt would otherwise wait behind the failure. Updating
 * one toast in place would keep the old toast's timer, so the old one is removed instead and the
 * new one gets its full time. Removed, not dismissed: a dismissed toast stays in the toaster for
 * its exit animation, so the new one would queue behind it, and dismissing a queued toast does
 * nothing (it would show later, stale: 'added' after 'deleted'). Without a slot it is a plain
 * toaster.create.
 */
export function createSlotToast(slot: string | undefined, options: ToastOptions): string {
  if (!slot) return toaster.create(options);
  const previous = slotToasts.get(slot);
  if (previous !== undefined) toaster.remove(previous);
  const id = toaster.create(options);
  slotToasts.set(slot, id);
  return id;
}

/** One accepted submission: `key` changes every time, so a success view can react to a new one. */
export interface SubmissionSuccess<T> {
  key: number;
  input: T;
}

const NETWORK_HINT = 'Please check your connection and try again.';

export function useFormSubmission<T>({
  form,
  send,
  successToast,
  failureTitle,
  onSuccess,
  toastFieldErrors = false,
  toastSlot,
}: FormSubmissionOptions<T>) {
  const [success, setSuccess] = useState<SubmissionSuccess<T> | null>(null);

  const mutation = useMutation({
    mutationFn: send,
    onSuccess: (answer, input) => {
      createSlotToast(toastSlot, { ...successToast, type: 'success' });
      setSuccess((previous) => ({ key: (previous?.key ?? 0) + 1, input }));
      form.reset();
      onSuccess?.(answer, input);
    },
    onError: (error, input) => {
      // Queued in the outbox (offline): done as far as the form is concerned, sent later.
      if (error instanceof QueuedForSync) {
        createSlotToast(toastSlot, { title: 'Pending sync', description: error.message, type: 'info' });
        form.reset();
        onSuccess?.(undefined, input);
        return;
      }
      if (form.applyServerErrors(error) && !toastFieldErrors) return;
      if (error instanceof ApiError && error.status === 429) {
        createSlotToast(toastSlot, {
          title: error.detail,
          description: `Nothing was sent. If it cannot wait, e-mail us at ${SUPPORT.email}.`,
          type: 'error',
        });
        return;
      }
      createSlotToast(toastSlot, {
        title: failureTitle,
        description: error instanceof ApiError ? error.detail : NETWORK_HINT,
        type: 'error',
      });
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    setSuccess(null);
    const input = form.validate();
    if (input !== null) mutation.mutate(input);
  }

  // The disabled 'Sending...' button lost focus. After a failure that focused no field (a toast
  // only), give it back, so a keyboard user can simply try again.
  const { formRef } = form;
  const { status } = mutation;
  useEffect(() => {
    if (status !== 'error') return;
    if (document.activeElement && document.activeElement !== document.body) return;
    formRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }, [status, formRef]);

  return {
    handleSubmit,
    isPending: mutation.isPending,
    /** The last accepted submission, until the next submit or dismissSuccess. */
    success,
    dismissSuccess: () => setSuccess(null),
  };
}
