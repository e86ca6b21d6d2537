import { Alert, Flex, Link, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { ROUTES } from '../../route-paths.ts';
import { AUTH_PAGES, signIn } from '../../session/session-client.ts';
import { useSession } from '../../session/session-provider.tsx';
import { accountNoticeText } from '../account/account-notices.ts';
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
  const notice = accountNoticeText(params.get('notice'));
  const session = useSession();
  const [isBanned, setBanned] = useState(params.get('code') === 'banned');
  const [email, setEmail] = useState(params.get('email') ?? '');
  // A banned account gets the spec's blank page (spec §2, §6), here as after sign-in.
  useEffect(() => {
    if (isBanned) document.title = '';
  }, [isBanned]);

  const onSubmit = async ({ email, password }: { email: string; password: string }) => {
    setError(null);
    const result = await signIn('credentials', { email, password }, callbackUrl);
    if (result.ok) {
      window.location.assign(callbackUrl);
    } else if (result.url === AUTH_PAGES.error) {
      window.location.assign(`${AUTH_PAGES.error}?error=${result.error ?? 'Configuration'}`);
    } else if (result.url && !result.error) {
      window.location.assign(result.url);
    } else if (result.code === 'banned') {
      setBanned(true);
    } else {
      setError(authErrorMessage(result.error));
    }
  };

  if (isBanned) return <div data-testid="banned-blank-page" />;
  // Signed in already: this page has nothing to do (the page asked for, or the board).
  if (session.status === 'authenticated') return <Navigate to={callbackUrl} replace />;

  return (
    <AuthCard title="Sign in">
      {notice && (
        <Alert.Root status="info" data-testid="auth-notice">
          <Alert.Indicator />
          <Alert.Title>{notice}</Alert.Title>
        </Alert.Root>
      )}
      <CredentialsForm
        submitLabel="Sign in"
        error={error}
        defaultEmail={email}
        onEmailChange={setEmail}
        onSubmit={onSubmit}
      />
      <Flex justify="space-between" gap="2" wrap="wrap">
        <Link asChild variant="underline" fontSize="sm">
          <RouterLink
            to={{
              pathname: ROUTES.forgotPassword,
              search: email ? `?email=${encodeURIComponent(email)}` : '',
            }}
          >
            Forgot password?
          </RouterLink>
        </Link>
      </Flex>
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
