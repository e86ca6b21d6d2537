import { Button, Dialog } from '@chakra-ui/react';

/** The footer of a profile's form dialog: Cancel closes the dialog, the submit button saves. */
export function DialogFormFooter({ submitLabel, pending }: { submitLabel: string; pending: boolean }) {
  return (
    <Dialog.Footer>
      <Dialog.ActionTrigger asChild>
        <Button variant="outline">Cancel</Button>
      </Dialog.ActionTrigger>
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </Dialog.Footer>
  );
}
