import { Link, Text } from '@chakra-ui/react';
import { COOKIE_KEYS, PASSWORD_MIN_LENGTH } from '@reachly/shared/constants';
import { contract } from '@reachly/shared/contract';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { call } from '../../lib/api.ts';
import { readCookie } from '../../lib/cookies.ts';
import { AUTH_PAGES, signIn } from '../../session/session-client.ts';
import { AuthCard } from './auth-card.tsx';
import { authErrorMessage, safeCallbackUrl } from './auth-messages.ts';
import { CredentialsForm } from './credentials-form.tsx';

/** Sign-up: POST /api/register (with the affiliate and organisation tokens kept from the address), then sign in. */
export default function SignUpPage() {
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const callbackUrl = safeCallbackUrl(params.get('callbackUrl'));

  const onSubmit = async ({ email, password }: { email: string; password: string }) => {
    setError(null);
    try {
      await call(contract.auth.register, {
        body: {
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
  };

  return (
    <AuthCard title="Create your account">
      <CredentialsForm
        submitLabel="Create account"
        error={error}
        newPasswordMinLength={PASSWORD_MIN_LENGTH}
        onSubmit={onSubmit}
      />
      <Text fontSize="sm">
        Already have an account?{' '}
        <Link asChild variant="underline">
          <RouterLink to={{ pathname: AUTH_PAGES.signIn, search: params.toString() }}>Sign in</RouterLink>
        </Link>
      </Text>
    </AuthCard>
  );
}
