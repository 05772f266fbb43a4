/**
 * A dialog that asks for one text before an action: the reason for a rejection or a freeze, the
 * reference of a payout. The action's error (a 409's message) shows inside it, and it stays open
 * while the request runs; the caller closes it when the action succeeded.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Input, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react';
import { Textarea } from '@chakra-ui/react';
import { DialogActions, ModalDialog } from '../../components/dialogs';
import { TextField } from './TextField';
import { ActionError } from './Feedback';

interface TextDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** What the action does, above the field. */
  description?: ReactNode;
  label: string;
  helperText?: string;
  /** A reason is written in sentences (a text area); a reference is one line. */
  multiline?: boolean;
  required?: boolean;
  maxLength: number;
  confirmLabel: string;
  /** The confirm button in red: the action cannot be undone. */
  destructive?: boolean;
  busy: boolean;
  error: unknown;
  onSubmit: (text: string) => void;
}

export function TextDialog({
  open,
  onClose,
  title,
  description,
  label,
  helperText,
  multiline = false,
  required = true,
  maxLength,
  confirmLabel,
  destructive = false,
  busy,
  error,
  onSubmit,
}: TextDialogProps) {
  const formId = useId();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  // Each opening starts from an empty field.
  const [shownOpen, setShownOpen] = useState(open);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) {
      setText('');
      setMissing(false);
    }
  }

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (required && value === '') {
      setMissing(true);
      return;
    }
    onSubmit(value);
  };
  const fieldProps = {
    value: text,
    maxLength,
    onChange: (event: { target: { value: string } }) => {
      setText(event.target.value);
      setMissing(false);
    },
  };

  return (
    <ModalDialog open={open} onClose={onClose} busy={busy} size={{ base: 'xs', sm: 'md' }} positionerProps={{ px: '4' }}>
      <Dialog.Header pe="12">
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <form id={formId} onSubmit={handleSubmit} noValidate>
          <Stack gap="4">
            {description ? <Text color="fg.muted">{description}</Text> : null}
            <TextField label={label} required={required} helperText={helperText} error={missing ? `Please enter the ${label.toLowerCase()}` : undefined}>
              {multiline ? <Textarea rows={3} {...fieldProps} /> : <Input autoComplete="off" {...fieldProps} />}
            </TextField>
            <ActionError error={error} />
          </Stack>
        </form>
      </Dialog.Body>
      <DialogActions busy={busy}>
        <Button type="submit" form={formId} colorPalette={destructive ? 'red' : 'brand'} loading={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
