import { Button, Link, Stack, Text } from '@chakra-ui/react';
import { PASSWORD_MIN_LENGTH } from '@reachly/shared/constants';
import { contract } from '@reachly/shared/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { call } from '../../lib/api.ts';
import { ROUTES } from '../../route-paths.ts';
import { AuthCard } from '../auth/auth-card.tsx';
import { signInWithNotice } from './account-notices.ts';
import { NewPasswordFields, type NewPasswordValues } from './components/new-password-fields.tsx';

/** The link's token, from the address bar. Pure: React may run a state initialiser twice. */
function linkToken(): string | null {
  return new URL(window.location.href).searchParams.get('token');
}

/**
 * Drops the token from the address bar once the page has taken it (after the first commit, not
 * while rendering: a render React throws away and runs again must still find it), so that it is
 * not kept in history or sent on.
 */
function useForgetTokenInAddressBar(token: string | null): void {
  useEffect(() => {
    if (!token) return;
    const url = new URL(window.location.href);
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, [token]);
}

/** /reset-password?token=…: the mailed link's page, where the new password is chosen. */
export default function ResetPasswordPage() {
  const [token] = useState(linkToken);
  useForgetTokenInAddressBar(token);
  const { register, handleSubmit, formState, setError, getValues } = useForm<NewPasswordValues>();
  const onSubmit = async ({ newPassword }: NewPasswordValues) => {
    try {
      await call(contract.auth.resetPassword, { body: { token: token ?? '', newPassword } });
      window.location.replace(signInWithNotice('password-reset'));
    } catch (error) {
      const message = (error as Error).message.replace(/^token: /, '');
      setError('root.server', { message: message.charAt(0).toUpperCase() + message.slice(1) });
    }
  };
  const askAgain = (
    <Text fontSize="sm">
      <Link asChild variant="underline">
        <RouterLink to={ROUTES.forgotPassword}>Ask for a new link</RouterLink>
      </Link>
    </Text>
  );
  if (!token) {
    return (
      <AuthCard title="Choose a new password">
        <FormError message="This page needs the link from the reset mail." testId="reset-error" />
        {askAgain}
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password">
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <Stack gap="4">
          <FormError message={formState.errors.root?.server?.message} testId="reset-error" />
          <NewPasswordFields
            register={register}
            errors={formState.errors}
            getValues={getValues}
            hint={`At least ${PASSWORD_MIN_LENGTH} characters. Every other session ends.`}
          />
          <Button type="submit" loading={formState.isSubmitting}>
            Set the new password
          </Button>
        </Stack>
      </form>
      {askAgain}
    </AuthCard>
  );
}
