import { Checkbox, Field, Input, Stack } from '@chakra-ui/react';
import { type Control, Controller, type UseFormRegisterReturn } from 'react-hook-form';
import { SAVED_PASSWORD_MASK } from '../utils/labels.ts';
import type { ProfileFormMode, ProfileFormValues } from '../utils/profile-form-values.ts';
import type { ProfileBody } from '../utils/profile-validation.ts';
import { FieldError } from './field-error.tsx';

/**
 * proxyPassword: never shown back (the API only says one is saved). With a saved password the
 * field starts empty under a masked placeholder; left empty it keeps the saved one, unless
 * "Remove the saved password" is ticked.
 */
export function ProxyPasswordField({
  inputProps,
  error,
  hasSavedPassword,
  typed,
  control,
}: {
  inputProps: UseFormRegisterReturn<'proxyPassword'>;
  error: string | undefined;
  hasSavedPassword: boolean;
  /** Whether a new password is typed (then there is nothing to keep or remove). */
  typed: boolean;
  control: Control<ProfileFormValues, ProfileFormMode, ProfileBody>;
}) {
  return (
    <Stack gap="1">
      <Field.Root invalid={!!error}>
        <Field.Label>Proxy password</Field.Label>
        <Input
          type="password"
          autoComplete="new-password"
          placeholder={hasSavedPassword ? SAVED_PASSWORD_MASK : undefined}
          {...inputProps}
        />
        <FieldError>{error}</FieldError>
        {hasSavedPassword && (
          <Field.HelperText>
            A password is saved. Leave this empty to keep it, or type a new one.
          </Field.HelperText>
        )}
      </Field.Root>
      {hasSavedPassword && !typed && (
        <Controller
          control={control}
          name="clearSavedPassword"
          render={({ field }) => (
            <Checkbox.Root
              size="sm"
              checked={field.value}
              onCheckedChange={(e) => field.onChange(e.checked === true)}
            >
              <Checkbox.HiddenInput onBlur={field.onBlur} />
              <Checkbox.Control />
              <Checkbox.Label>Remove the saved password</Checkbox.Label>
            </Checkbox.Root>
          )}
        />
      )}
    </Stack>
  );
}
