import { Alert, Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AUTH_PAGES, signIn } from '../../session/session-client.ts';
import { AuthCard } from './auth-card.tsx';
import { authErrorMessage, safeCallbackUrl } from './auth-messages.ts';

interface SignInForm {
  email: string;
  password: string;
}

/** Sign-in page (Auth.js `pages.signIn` points here). */
export default function SignInPage() {
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(
    authErrorMessage(params.get('error') ?? params.get('code')),
  );
  const callbackUrl = safeCallbackUrl(params.get('callbackUrl'));
  const { register, handleSubmit, formState } = useForm<SignInForm>();

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setError(null);
    const result = await signIn('credentials', { email, password }, callbackUrl);
    if (result.ok) {
      window.location.assign(callbackUrl);
    } else if (result.url && !result.error) {
      window.location.assign(result.url);
    } else if (result.url === AUTH_PAGES.error) {
      window.location.assign(`${AUTH_PAGES.error}?error=${result.error ?? 'Configuration'}`);
    } else {
      setError(authErrorMessage(result.error));
    }
  });

  return (
    <AuthCard title="Sign in">
      {error && (
        <Alert.Root status="error" data-testid="auth-error">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <Field.Root required invalid={!!formState.errors.email}>
            <Field.Label>Email</Field.Label>
            <Input
              type="email"
              autoComplete="email"
              {...register('email', { required: 'Enter your email' })}
            />
            <Field.ErrorText>{formState.errors.email?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={!!formState.errors.password}>
            <Field.Label>Password</Field.Label>
            <Input
              type="password"
              autoComplete="current-password"
              {...register('password', { required: 'Enter your password' })}
            />
            <Field.ErrorText>{formState.errors.password?.message}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" loading={formState.isSubmitting}>
            Sign in
          </Button>
        </Stack>
      </form>
      <Text fontSize="sm">
        New here?{' '}
        <Link asChild colorPalette="green" variant="underline">
          <RouterLink to={{ pathname: AUTH_PAGES.signUp, search: params.toString() }}>
            Create an account
          </RouterLink>
        </Link>
      </Text>
    </AuthCard>
  );
}
