import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { PASSWORD_MIN_LENGTH } from '@reachly/shared/constants';
import { contract } from '@reachly/shared/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type UseFormGetValues, type UseFormRegister, useForm } from 'react-hook-form';
import { FormError } from '../../../components/form-error.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { call } from '../../../lib/api.ts';
import { clearPrivateState } from '../../../lib/query-client.ts';
import { ROUTES } from '../../../route-paths.ts';
import { signIn } from '../../../session/session-client.ts';
import { signInWithNotice } from '../account-notices.ts';
import { NewPasswordFields, type NewPasswordValues } from './new-password-fields.tsx';

interface PasswordFields {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * Change of password (the current one required). The server ends every session, this one too; the
 * page signs in again with the new password and reloads the account page, or sends the user to the
 * sign-in page saying why.
 */
export function PasswordCard({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const { register, handleSubmit, setError, formState, getValues } = useForm<PasswordFields>();

  const onSubmit = async ({ currentPassword, newPassword }: PasswordFields) => {
    try {
      await call(contract.user.changePassword, { body: { currentPassword, newPassword } });
    } catch (error) {
      // The server names the field first ("currentPassword: the current password is not right").
      const message = (error as Error).message;
      const named = /^(currentPassword|newPassword): (.+)$/.exec(message);
      if (named) {
        const text = named[2] as string;
        setError(named[1] as 'currentPassword' | 'newPassword', {
          message: text.charAt(0).toUpperCase() + text.slice(1),
        });
      } else setError('root.server', { message });
      return;
    }
    clearPrivateState(queryClient);
    const again = await signIn('credentials', { email, password: newPassword }, ROUTES.account);
    window.location.replace(
      again.ok ? `${ROUTES.account}?changed=password` : signInWithNotice('password-changed', email),
    );
  };

  return (
    <SectionCard
      title="Password"
      description="A new password signs you out everywhere else: other browsers and the desktop app sign in again."
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate data-testid="password-form">
        <Stack gap="4">
          <FormError message={formState.errors.root?.server?.message} testId="password-error" />
          <Field.Root required invalid={!!formState.errors.currentPassword}>
            <Field.Label>Current password</Field.Label>
            <Input
              type="password"
              autoComplete="current-password"
              {...register('currentPassword', { required: 'Enter your current password' })}
            />
            <Field.ErrorText>{formState.errors.currentPassword?.message}</Field.ErrorText>
          </Field.Root>
          <NewPasswordFields
            register={register as unknown as UseFormRegister<NewPasswordValues>}
            errors={formState.errors}
            getValues={getValues as unknown as UseFormGetValues<NewPasswordValues>}
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          />
          <Button type="submit" alignSelf="start" loading={formState.isSubmitting}>
            Change password
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}
