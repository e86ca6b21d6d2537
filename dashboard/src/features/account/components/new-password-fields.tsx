import { Field, Input } from '@chakra-ui/react';
import { PASSWORD_MIN_LENGTH } from '@reachly/shared/constants';
import type { FieldErrors, UseFormGetValues, UseFormRegister } from 'react-hook-form';

export interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

/** The new password and the same again, as the account page and the reset page ask for it. */
export function NewPasswordFields({
  register,
  errors,
  getValues,
  hint,
}: {
  register: UseFormRegister<NewPasswordValues>;
  errors: FieldErrors<NewPasswordValues>;
  getValues: UseFormGetValues<NewPasswordValues>;
  hint: string;
}) {
  return (
    <>
      <Field.Root required invalid={!!errors.newPassword}>
        <Field.Label>New password</Field.Label>
        <Input
          type="password"
          autoComplete="new-password"
          {...register('newPassword', {
            required: 'Choose a new password',
            minLength: { value: PASSWORD_MIN_LENGTH, message: `At least ${PASSWORD_MIN_LENGTH} characters` },
          })}
        />
        <Field.HelperText>{hint}</Field.HelperText>
        <Field.ErrorText>{errors.newPassword?.message}</Field.ErrorText>
      </Field.Root>
      <Field.Root required invalid={!!errors.confirmPassword}>
        <Field.Label>New password again</Field.Label>
        <Input
          type="password"
          autoComplete="new-password"
          {...register('confirmPassword', {
            required: 'Type the new password again',
            validate: (value) => value === getValues('newPassword') || 'The two passwords differ',
          })}
        />
        <Field.ErrorText>{errors.confirmPassword?.message}</Field.ErrorText>
      </Field.Root>
    </>
  );
}
