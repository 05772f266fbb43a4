/** A labelled native select of fixed choices (no empty choice): the console's filters and pickers. */
import { Field, NativeSelect } from '@chakra-ui/react';

interface SelectFieldProps<Value extends string> {
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
}

export function SelectField<Value extends string>({ label, value, options, onChange }: SelectFieldProps<Value>) {
  return (
    <Field.Root>
      <Field.Label fontWeight="medium">{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={value}
          onChange={(event) => onChange(event.target.value as Value)}
          css={{ '& option': { color: 'fg', background: 'bg.panel' } }}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
