/**
 * State of a form checked by one of the zod schemas in shared/ (the API validates the request with
 * the same schema, so both speak the same messages): the values, one message per field, and the
 * focus handling of a failed submit.
 *
 * - `inputProps`, `selectProps`, `radioProps` and `checkboxProps` wire a control to a field; editing
 *   a field clears its message. Text inputs also get the schema's length limit as `maxLength`.
 * - `validate()` parses the values with the schema; on failure it shows every field's first
 *   message and focuses the first invalid control in the order the form shows them.
 * - `applyServerErrors(error)` does the same with a 400 answer's `fields`.
 * - the `prefill` option takes defaults that arrive late (the signed-in user's e-mail): untouched
 *   fields take them as soon as they come, and `reset()` returns to them.
 */
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import { z } from '../../../../shared/schemas/zod';
import { ApiError } from '../../api/client';

export type FormValues = Record<string, string | boolean>;

export type FieldErrors<V extends FormValues> = Partial<Record<keyof V & string, string>>;

/** The fields of V that hold text (inputs, textareas, selects, radio groups). */
export type TextFieldName<V extends FormValues> = {
  [K in keyof V & string]: V[K] extends string ? K : never;
}[keyof V & string];

/** The fields of V that hold a flag (checkboxes). */
export type FlagFieldName<V extends FormValues> = {
  [K in keyof V & string]: V[K] extends boolean ? K : never;
}[keyof V & string];

/** What submitting needs from a form (useFormSubmission); T is the validated input. */
export interface SubmittableForm<T> {
  formRef: RefObject<HTMLFormElement | null>;
  validate: () => T | null;
  applyServerErrors: (error: unknown) => boolean;
  reset: () => void;
}

interface ZodFormOptions<V extends FormValues, S extends z.ZodType> {
  schema: S;
  initialValues: V;
  /** Defaults known only after the first render, such as the signed-in user's e-mail. */
  prefill?: Partial<V>;
  /** What the schema checks, when it is more than the values (e.g. collected system info). */
  toInput?: (values: V) => unknown;
}

/** The most characters the schema allows in a text field, if it says. */
function maxLengthOf(schema: z.ZodType, name: string): number | undefined {
  // An object schema with a .transform() (checks that depend on another field) is a pipe.
  if (schema instanceof z.ZodPipe) return maxLengthOf(schema.in as z.ZodType, name);
  if (!(schema instanceof z.ZodObject)) return undefined;
  let field: unknown = (schema.shape as Record<string, unknown>)[name];
  while (field instanceof z.ZodDefault || field instanceof z.ZodOptional) field = field.unwrap();
  return field instanceof z.ZodString ? (field.maxLength ?? undefined) : undefined;
}

export function useZodForm<V extends FormValues, S extends z.ZodType>({
  schema,
  initialValues,
  prefill,
  toInput,
}: ZodFormOptions<V, S>) {
  const formRef = useRef<HTMLFormElement>(null);
  const defaultsRef = useRef(initialValues);
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors<V>>({});

  const setField = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (current[name] === undefined) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }, []);

  /** Focuses the first control, in document order, of a field that has a message. */
  const focusFirstInvalid = useCallback((invalid: FieldErrors<V>) => {
    const controls = Array.from(formRef.current?.elements ?? []);
    const first = controls.find(
      (control): control is HTMLElement & { name: string } =>
        control instanceof HTMLElement && 'name' in control && typeof control.name === 'string' && control.name in invalid,
    );
    first?.focus();
  }, []);

  /** Shows these messages (only those of fields the form has) and focuses the first; false if none. */
  const showErrors = useCallback(
    (messages: Record<string, string>): boolean => {
      const known: FieldErrors<V> = {};
      for (const [path, message] of Object.entries(messages)) {
        // Nested paths ("systemInfo.screen") belong to their top-level field.
        const name = path.split('.')[0] as keyof V & string;
        if (name in defaultsRef.current && known[name] === undefined) known[name] = message;
      }
      if (Object.keys(known).length === 0) return false;
      setErrors(known);
      focusFirstInvalid(known);
      return true;
    },
    [focusFirstInvalid],
  );

  /** The parsed values, or null after showing why they do not parse. */
  function validate(): z.output<S> | null {
    const result = schema.safeParse(toInput ? toInput(values) : values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const messages: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      messages[path] ??= issue.message;
    }
    showErrors(messages);
    return null;
  }

  /** Shows a 400 answer's field messages; false when the error carries none for this form. */
  function applyServerErrors(error: unknown): boolean {
    if (!(error instanceof ApiError) || error.status !== 400 || !error.body.fields) return false;
    return showErrors(error.body.fields);
  }

  // Compared by content: callers pass a fresh object on every render.
  const prefillKey = prefill ? JSON.stringify(prefill) : '';
  useEffect(() => {
    if (!prefillKey) return;
    const next = JSON.parse(prefillKey) as Partial<V>;
    const previous = defaultsRef.current;
    defaultsRef.current = { ...previous, ...next };
    setValues((current) => {
      const updated = { ...current };
      for (const name of Object.keys(next) as (keyof V)[]) {
        const value = next[name];
        // Only fields the user has not changed: never overwrite what they typed.
        if (value !== undefined && current[name] === previous[name]) updated[name] = value;
      }
      return updated;
    });
  }, [prefillKey]);

  const reset = useCallback(() => {
    setValues(defaultsRef.current);
    setErrors({});
  }, []);

  /** For Input and Textarea. */
  function inputProps<K extends TextFieldName<V>>(name: K) {
    return {
      name,
      value: values[name] as string,
      maxLength: maxLengthOf(schema, name),
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setField(name, event.target.value as V[K]),
    };
  }

  /** For NativeSelect.Field; '' is its placeholder option. */
  function selectProps<K extends TextFieldName<V>>(name: K) {
    return {
      name,
      value: values[name] as string,
      onChange: (event: ChangeEvent<HTMLSelectElement>) => setField(name, event.target.value as V[K]),
    };
  }

  /** For RadioGroup.Root and RadioCard.Root; '' means nothing chosen yet. */
  function radioProps<K extends TextFieldName<V>>(name: K) {
    return {
      name,
      value: (values[name] as string) || null,
      onValueChange: ({ value }: { value: string | null }) => setField(name, (value ?? '') as V[K]),
    };
  }

  function checkboxProps<K extends FlagFieldName<V>>(name: K) {
    return {
      name,
      checked: values[name] as boolean,
      onCheckedChange: ({ checked }: { checked: boolean | 'indeterminate' }) => setField(name, (checked === true) as V[K]),
    };
  }

  const submittable: SubmittableForm<z.output<S>> = { formRef, validate, applyServerErrors, reset };
  return {
    ...submittable,
    values,
    errors,
    setField,
    inputProps,
    selectProps,
    radioProps,
    checkboxProps,
  };
}
