import { Alert, Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { COOKIE_KEYS, PASSWORD_MIN_LENGTH } from '@reachly/shared/constants';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { readCookie } from '../../lib/cookies.ts';
import { AUTH_PAGES, signIn } from '../../session/session-client.ts';
import { AuthCard } from './auth-card.tsx';
import { authErrorMessage, safeCallbackUrl } from './auth-messages.ts';

interface SignUpForm {
  email: string;
  password: string;
}

/** Sign-up: POST /api/register (with the affiliate and organisation tokens kept from the address), then sign in. */
export default function SignUpPage() {
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const callbackUrl = safeCallbackUrl(params.get('callbackUrl'));
  const { register, handleSubmit, formState } = useForm<SignUpForm>();

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setError(null);
    try {
      await api('/api/register', {
        method: 'POST',
        json: {
          email,
          password,
          affiliateToken: readCookie(COOKIE_KEYS.affiliateToken) ?? undefined,
          organizationToken: readCookie(COOKIE_KEYS.organizationToken) ?? undefined,
        },
      });
    } catch (e) {
      setError((e as Error).message);
      return;
    }
    const result = await signIn('credentials', { email, password }, callbackUrl);
    if (result.ok) window.location.assign(callbackUrl);
    else setError(authErrorMessage(result.error));
  });

  return (
    <AuthCard title="Create your account">
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
              autoComplete="new-password"
              {...register('password', {
                required: 'Choose a password',
                minLength: {
                  value: PASSWORD_MIN_LENGTH,
                  message: `At least ${PASSWORD_MIN_LENGTH} characters`,
                },
              })}
            />
            <Field.HelperText>At least {PASSWORD_MIN_LENGTH} characters.</Field.HelperText>
            <Field.ErrorText>{formState.errors.password?.message}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" loading={formState.isSubmitting}>
            Create account
          </Button>
        </Stack>
      </form>
      <Text fontSize="sm">
        Already have an account?{' '}
        <Link asChild variant="underline">
          <RouterLink to={{ pathname: AUTH_PAGES.signIn, search: params.toString() }}>Sign in</RouterLink>
        </Link>
      </Text>
    </AuthCard>
  );
}
