/**
 * The pieces every form of the app is built from, so labels, required marks, help and error texts
 * look and behave the same everywhere:
 * - FormField: a label tied to its control (Chakra's Field wires id, aria-describedby,
 *   aria-invalid and required), '*' on required fields and 'Optional' on the others, help text,
 *   and the field's error message;
 * - FormSelect: a native select with a placeholder option, shown dimmed while it is selected;
 * - EmailInput: an input for an e-mail address (keyboard, autofill, no spell check);
 * - RequiredMark: the same '*' for a group's legend;
 * - RequiredFieldsNote: the line that explains the '*';
 * - FormSection: a titled group of fields inside a long form.
 */
import { type ReactNode } from 'react';
import { Box, Field, Heading, Input, NativeSelect, Span, Stack, Text, type InputProps } from '@chakra-ui/react';

interface FormFieldProps extends Omit<Field.RootProps, 'children' | 'invalid' | 'required' | 'label'> {
  label: ReactNode;
  /** The field's message; the field shows as invalid while there is one. */
  error?: string;
  helperText?: ReactNode;
  required?: boolean;
  children: ReactNode;
}

export function FormField({ label, error, helperText, required = false, children, ...rootProps }: FormFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} {...rootProps}>
      <Field.Label fontWeight="medium">
        {label}
        <Field.RequiredIndicator
          fallback={
            // Only for the eye: assistive technology already hears which fields are required.
            <Span fontSize="xs" fontWeight="normal" color="fg.subtle" aria-hidden="true">
              Optional
            </Span>
          }
        />
      </Field.Label>
      {children}
      {helperText && <Field.HelperText color="fg.subtle">{helperText}</Field.HelperText>}
      <Field.ErrorText>
        <Field.ErrorIcon boxSize="3.5" />
        {error}
      </Field.ErrorText>
    </Field.Root>
  );
}

interface FormSelectProps extends Omit<NativeSelect.FieldProps, 'children' | 'placeholder'> {
  /** The empty choice ('' value) the select starts on. */
  placeholder: string;
  options: readonly { value: string; label: string }[];
}

export function FormSelect({ placeholder, options, value, ...fieldProps }: FormSelectProps) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field
        value={value}
        placeholder={placeholder}
        color={value ? 'fg' : 'fg.subtle'}
        css={{ '& option': { color: 'fg', background: 'bg.panel' } }}
        {...fieldProps}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** An e-mail address input: the e-mail keyboard and autofill, no spell check, a sample address. */
export function EmailInput(props: InputProps) {
  return (
    <Input type="email" inputMode="email" autoComplete="email" spellCheck={false} placeholder="you@example.com" {...props} />
  );
}

/** The required-field '*', for labels that are not a Field.Label (a fieldset's legend). */
export function RequiredMark() {
  return (
    <Span aria-hidden="true" color="fg.error" lineHeight="1" ms="1">
      *
    </Span>
  );
}

export function RequiredFieldsNote() {
  return (
    <Text fontSize="sm" color="fg.subtle">
      Fields marked{' '}
      <Span color="fg.error" fontWeight="semibold">
        *
      </Span>{' '}
      are required.
    </Text>
  );
}

/** A titled group of fields; `headingId` names it for assistive technology. */
export function FormSection({
  headingId,
  title,
  description,
  children,
}: {
  headingId: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h2" id={headingId} size="md" mb={description ? 1 : 4}>
        {title}
      </Heading>
      {description && (
        <Text fontSize="sm" color="fg.muted" mb={4}>
          {description}
        </Text>
      )}
      <Stack gap={5}>{children}</Stack>
    </Box>
  );
}
