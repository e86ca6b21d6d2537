import { Field, Input } from '@chakra-ui/react';
import type { UseFormRegister } from 'react-hook-form';
import { FieldError } from '../../../profiles/components/field-error.tsx';
import type { CampaignFormValues } from '../../utils/campaign-form-values.ts';

/** A whole number of a step (days, counts), with its error beneath. */
export function NumberField({
  label,
  inputProps,
  error,
  min,
  max,
  required = true,
}: {
  label: string;
  inputProps: ReturnType<UseFormRegister<CampaignFormValues>>;
  error: string | undefined;
  min: number;
  max: number;
  /** An empty optional field means the default its label names. */
  required?: boolean;
}) {
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>
        {label} <Field.RequiredIndicator />
      </Field.Label>
      <Input type="number" inputMode="numeric" min={min} max={max} step={1} {...inputProps} />
      <FieldError>{error}</FieldError>
    </Field.Root>
  );
}
