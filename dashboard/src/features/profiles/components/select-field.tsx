import { Field } from '@chakra-ui/react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { OptionSelect } from '../../../components/option-select.tsx';
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
      <OptionSelect options={options} fieldProps={inputProps} />
      <FieldError>{error}</FieldError>
    </Field.Root>
  );
}
