import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { toaster } from '../../../components/toaster.tsx';

/** Copies a text to the clipboard and says so (the text also stays selectable on the page). */
export function CopyButton({
  text,
  label = 'Copy',
  testId,
}: {
  text: string;
  label?: string;
  testId?: string;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      size="sm"
      variant="outline"
      data-testid={testId}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setCopied(true);
          window.setTimeout(() => setCopied(false), 2000);
        } catch {
          toaster.create({ type: 'error', title: 'Could not copy: select the text and copy it yourself.' });
        }
      }}
    >
      {copied ? 'Copied' : label}
    </Button>
  );
}
