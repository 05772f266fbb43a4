/**
 * A labelled field of the console: its label tied to the control, a '*' when it is required (and
 * no "Optional" mark otherwise: most of the console's fields are search boxes and filters), help
 * text, and its error.
 */
import { type ReactNode } from 'react';
import { Field } from '@chakra-ui/react';

interface TextFieldProps {
  label: string;
  required?: boolean;
  helperText?: ReactNode;
  error?: string;
  children: ReactNode;
}

export function TextField({ label, required = false, helperText, error, children }: TextFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label fontWeight="medium">
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {helperText ? <Field.HelperText color="fg.subtle">{helperText}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
