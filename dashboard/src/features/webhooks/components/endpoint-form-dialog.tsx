import type { WebhookEndpoint } from '@reachly/shared/schemas';
import { AppDialog } from '../../../components/app-dialog.tsx';
import { EndpointForm } from './endpoint-form.tsx';

/** What the form dialog is open for: a new endpoint, or one to edit. */
export type EndpointFormTarget = { kind: 'create' } | { kind: 'edit'; endpoint: WebhookEndpoint };

/** The add / edit dialog; a fresh form each time it opens. */
export function EndpointFormDialog({
  target,
  onClose,
  onCreated,
}: {
  target: EndpointFormTarget | null;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  return (
    <AppDialog
      open={target !== null}
      onClose={onClose}
      placement="center"
      size={{ base: 'full', md: 'lg' }}
      lazyMount
      unmountOnExit
      testId="webhook-form-dialog"
    >
      {target && (
        <EndpointForm
          key={target.kind === 'edit' ? target.endpoint.id : 'new'}
          endpoint={target.kind === 'edit' ? target.endpoint : null}
          onDone={onClose}
          onCreated={onCreated}
        />
      )}
    </AppDialog>
  );
}
