import { Alert } from '@chakra-ui/react';

/** A form's refusal (the server's message, or a problem of the whole form) as an error alert; nothing without one. */
export function FormError({ message, testId }: { message: string | null | undefined; testId: string }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
