import { Button, Text } from '@chakra-ui/react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AUTH_PAGES } from '../../session/session-client.ts';
import { SupportContact } from '../license/components/support-contact.tsx';
import { AuthCard } from './auth-card.tsx';
import { authErrorMessage } from './auth-messages.ts';

/** Auth.js `pages.error`: says what went wrong and leads back to sign-in. */
export default function AuthErrorPage() {
  const [params] = useSearchParams();
  const code = params.get('error') ?? 'Configuration';
  return (
    <AuthCard title="Sign-in problem">
      <Text data-testid="auth-error-message">{authErrorMessage(code)}</Text>
      <Text fontSize="sm" color="fg.muted">
        Error code: {code}
      </Text>
      <Button asChild>
        <RouterLink to={AUTH_PAGES.signIn}>Back to sign in</RouterLink>
      </Button>
      <SupportContact label="Need help? Contact support:" />
    </AuthCard>
  );
}
