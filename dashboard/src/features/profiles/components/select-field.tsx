import { Field, NativeSelect } from '@chakra-ui/react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError } from './field-error.tsx';

/** A labelled native select bound to react-hook-form, with the field's message. */
export function SelectField({
  label,
  inputProps,
  options,
  error,
}: {
  label: string;
  inputProps: UseFormRegisterReturn;
  options: readonly { value: string; label: string }[];
  error?: string | undefined;
}) {
  return (
    <Field.Root invalid={!!error}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field {...inputProps}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <FieldError>{error}</FieldError>
    </Field.Root>
  );
}
