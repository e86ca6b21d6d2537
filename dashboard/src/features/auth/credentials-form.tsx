import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { FormError } from '../../components/form-error.tsx';

export interface Credentials {
  email: string;
  password: string;
}

export interface CredentialsFormProps {
  submitLabel: string;
  /** Shown above the form (the server's or Auth.js's message). */
  error: string | null;
  /** Sign-up asks for a new password of this length; sign-in for the current one. */
  newPasswordMinLength?: number;
  /** The email to start with (the sign-in page's ?email=). */
  defaultEmail?: string;
  /** Told each change of the email (the sign-in page hands it to "Forgot password?"). */
  onEmailChange?: (email: string) => void;
  onSubmit: (credentials: Credentials) => Promise<void>;
}

/** The email and password form of the sign-in and sign-up pages. */
export function CredentialsForm({
  submitLabel,
  error,
  newPasswordMinLength,
  defaultEmail,
  onEmailChange,
  onSubmit,
}: CredentialsFormProps) {
  const { register, handleSubmit, formState } = useForm<Credentials>({
    defaultValues: { email: defaultEmail ?? '', password: '' },
  });
  const isNew = newPasswordMinLength !== undefined;
  return (
    <>
      <FormError message={error} testId="auth-error" />
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <Stack gap="4">
          <Field.Root required invalid={!!formState.errors.email}>
            <Field.Label>Email</Field.Label>
            <Input
              type="email"
              autoComplete="email"
              {...register('email', {
                required: 'Enter your email',
                onChange: (event: { target: { value: string } }) => onEmailChange?.(event.target.value),
              })}
            />
            <Field.ErrorText>{formState.errors.email?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={!!formState.errors.password}>
            <Field.Label>Password</Field.Label>
            <Input
              type="password"
              autoComplete={isNew ? 'new-password' : 'current-password'}
              {...register('password', {
                required: isNew ? 'Choose a password' : 'Enter your password',
                ...(isNew
                  ? {
                      minLength: {
                        value: newPasswordMinLength,
                        message: `At least ${newPasswordMinLength} characters`,
                      },
                    }
                  : {}),
              })}
            />
            {isNew && <Field.HelperText>At least {newPasswordMinLength} characters.</Field.HelperText>}
            <Field.ErrorText>{formState.errors.password?.message}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" loading={formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Stack>
      </form>
    </>
  );
}
