import { Link, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AUTH_PAGES, signIn } from '../../session/session-client.ts';
import { AuthCard } from './auth-card.tsx';
import { authErrorMessage, safeCallbackUrl } from './auth-messages.ts';
import { CredentialsForm } from './credentials-form.tsx';

/** Sign-in page (Auth.js `pages.signIn` points here). */
export default function SignInPage() {
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(
    authErrorMessage(params.get('error') ?? params.get('code')),
  );
  const callbackUrl = safeCallbackUrl(params.get('callbackUrl'));

  const onSubmit = async ({ email, password }: { email: string; password: string }) => {
    setError(null);
    const result = await signIn('credentials', { email, password }, callbackUrl);
    if (result.ok) {
      window.location.assign(callbackUrl);
    } else if (result.url === AUTH_PAGES.error) {
      window.location.assign(`${AUTH_PAGES.error}?error=${result.error ?? 'Configuration'}`);
    } else if (result.url && !result.error) {
      window.location.assign(result.url);
    } else {
      setError(authErrorMessage(result.error));
    }
  };

  return (
    <AuthCard title="Sign in">
      <CredentialsForm submitLabel="Sign in" error={error} onSubmit={onSubmit} />
      <Text fontSize="sm">
        New here?{' '}
        <Link asChild variant="underline">
          <RouterLink to={{ pathname: AUTH_PAGES.signUp, search: params.toString() }}>
            Create an account
          </RouterLink>
        </Link>
      </Text>
    </AuthCard>
  );
}
