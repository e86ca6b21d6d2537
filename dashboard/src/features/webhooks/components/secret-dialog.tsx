import { Button, Clipboard, Code, Dialog, HStack, Stack, Text } from '@chakra-ui/react';
import { AppDialog } from '../../../components/app-dialog.tsx';

/**
 * The endpoint's signing secret, shown this once (after creation or a rotation): the server keeps
 * it sealed and never answers it again.
 */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  return (
    <AppDialog open={secret !== null} onClose={onClose} title="Signing secret" testId="webhook-secret-dialog">
      <Dialog.Body>
        <Stack gap="3">
          <Text>
            Copy this secret now: it is shown only once. Your receiver verifies each delivery's
            <Code>webhook-signature</Code> with it (see the README's Webhooks section).
          </Text>
          <Clipboard.Root value={secret ?? ''}>
            <HStack gap="2" align="start">
              <Code
                data-testid="webhook-secret"
                flex="1"
                p="2"
                wordBreak="break-all"
                whiteSpace="normal"
                fontSize="sm"
              >
                {secret}
              </Code>
              <Clipboard.Trigger asChild>
                <Button variant="outline" size="sm" data-testid="webhook-secret-copy">
                  <Clipboard.Indicator copied="Copied">Copy</Clipboard.Indicator>
                </Button>
              </Clipboard.Trigger>
            </HStack>
          </Clipboard.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button onClick={onClose}>I have copied it</Button>
      </Dialog.Footer>
    </AppDialog>
  );
}
