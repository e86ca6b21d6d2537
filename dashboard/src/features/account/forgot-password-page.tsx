import { Alert, Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { contract } from '@reachly/shared/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { call } from '../../lib/api.ts';
import { AUTH_PAGES } from '../../session/session-client.ts';
import { AuthCard } from '../auth/auth-card.tsx';

/**
 * /forgot-password: the email to send a reset link to. The answer is the server's one sentence,
 * the same whether or not an account has the address.
 */
export default function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const [answer, setAnswer] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<{ email: string }>({
    defaultValues: { email: params.get('email') ?? '' },
  });
  const onSubmit = async ({ email }: { email: string }) => {
    try {
      setAnswer((await call(contract.auth.forgotPassword, { body: { email } })).message);
    } catch (error) {
      setError('root.server', { message: (error as Error).message });
    }
  };
  return (
    <AuthCard title="Reset your password">
      {answer ? (
        <Alert.Root status="success" data-testid="forgot-answer">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{answer}</Alert.Title>
            <Alert.Description>
              The link works once, for one hour. Check your spam folder too.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <form onSubmit={handleSubmit(onSubmit)} noValidate>
          <Stack gap="4">
            <Text fontSize="sm">
              Enter the email you sign in with; we send a link to choose a new password.
            </Text>
            <FormError message={formState.errors.root?.server?.message} testId="forgot-error" />
            <Field.Root required invalid={!!formState.errors.email}>
              <Field.Label>Email</Field.Label>
              <Input
                type="email"
                autoComplete="email"
                {...register('email', { required: 'Enter your email' })}
              />
              <Field.ErrorText>{formState.errors.email?.message}</Field.ErrorText>
            </Field.Root>
            <Button type="submit" loading={formState.isSubmitting}>
              Send the link
            </Button>
          </Stack>
        </form>
      )}
      <Text fontSize="sm">
        <Link asChild variant="underline">
          <RouterLink to={AUTH_PAGES.signIn}>Back to sign in</RouterLink>
        </Link>
      </Text>
    </AuthCard>
  );
}
