/**
 * The trade-URL dialog of the sell flow: selling with no trade URL saved asks for
 * it here first. It saves through PATCH /api/user/profile {tradeUrl}; success toasts 'Trade URL
 * Saved' and hands the saved URL back so the sale can go on, failure toasts 'Failed to save trade
 * URL. Please try again.' (with the server's field message inline, e.g. another account's URL).
 * Used by the Sell tab and the Inventory's 'Sell Item' dialog.
 */
import { type FormEvent } from 'react';
import { Button, Input, Link, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react';
import { ExternalLinkIcon } from 'lucide-react';
import { z } from '../../../../../shared/schemas/zod';
import { tradeUrlSchema } from '../../../../../shared/schemas/user';
import { DialogActions, ModalDialog } from '../../../components/dialogs';
import { FormField } from '../../../components/forms/FormField';
import { useZodForm } from '../../../components/forms/useZodForm';
import { toaster } from '../../../components/toaster';
import { useUpdateProfileMutation } from '../../../queries/profile';
import type { User } from '../../../queries/user';

/** Steam's page that shows a user's own trade URL. */
export const STEAM_TRADE_URL_HELP = 'https://steamcommunity.com/my/tradeoffers/privacy#trade_offer_access_url';

const tradeUrlFormSchema = z.object({ tradeUrl: tradeUrlSchema });

interface TradeUrlDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The signed-in user: the save is based on their profile version. */
  user: User;
  /** Called with the saved URL after a successful save (the dialog has closed). */
  onSaved: (tradeUrl: string) => void;
}

export function TradeUrlDialog({ open, onOpenChange, user, onSaved }: TradeUrlDialogProps) {
  const save = useUpdateProfileMutation();
  const form = useZodForm({ schema: tradeUrlFormSchema, initialValues: { tradeUrl: user.tradeUrl } });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = form.validate();
    if (!input) return;
    save.mutate(
      { update: { tradeUrl: input.tradeUrl }, version: user.version },
      {
        onSuccess: (updated) => {
          toaster.create({ title: 'Trade URL Saved', description: 'Your Steam trade URL has been saved successfully.', type: 'success' });
          onOpenChange(false);
          onSaved(updated.tradeUrl);
        },
        onError: (error) => {
          form.applyServerErrors(error);
          toaster.create({ title: 'Failed to save trade URL. Please try again.', type: 'error' });
        },
      },
    );
  }

  return (
    <ModalDialog open={open} onClose={() => onOpenChange(false)} size="md" busy={save.isPending}>
      <form ref={form.formRef} onSubmit={handleSubmit} noValidate>
        <Dialog.Header pe="12">
          <Dialog.Title>Enter Your Steam Trade URL</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">
            <Text color="fg.muted">
              Our trade bot sends you a Steam trade offer for the items you sell. It needs your trade URL to
              reach you; we save it to your profile for next time.
            </Text>
            <FormField
              label="Steam Trade URL"
              required
              error={form.errors.tradeUrl}
              helperText={
                <Link href={STEAM_TRADE_URL_HELP} target="_blank" rel="noopener noreferrer" color="brand.fg">
                  Find your trade URL on Steam
                  <ExternalLinkIcon aria-hidden="true" />
                </Link>
              }
            >
              <Input
                {...form.inputProps('tradeUrl')}
                type="url"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                placeholder="https://steamcommunity.com/tradeoffer/new/?partner=…&token=…"
                autoFocus
              />
            </FormField>
          </Stack>
        </Dialog.Body>
        <DialogActions busy={save.isPending}>
          <Button type="submit" colorPalette="brand" loading={save.isPending} loadingText="Saving...">
            Save Trade URL
          </Button>
        </DialogActions>
      </form>
    </ModalDialog>
  );
}
