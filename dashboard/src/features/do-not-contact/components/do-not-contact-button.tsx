import { Button } from '@chakra-ui/react';
import { Ban } from 'lucide-react';
import { toaster } from '../../../components/toaster.tsx';
import { useAddLead, useRemoveEntry } from '../do-not-contact-queries.ts';

/**
 * The one-click "Do not contact" of a lead card or a conversation: puts the lead's person on the
 * organisation's list by profile URL; the toast says what it stopped and offers to undo it.
 */
export function DoNotContactButton({ leadId, who }: { leadId: number; who: string }) {
  const add = useAddLead();
  const remove = useRemoveEntry();
  const onClick = () =>
    add.mutate(leadId, {
      onSuccess: ({ entry, alreadyListed, skippedTasks }) => {
        if (alreadyListed) {
          toaster.create({
            type: 'info',
            title: `${who} is already on the do-not-contact list`,
            closable: true,
          });
          return;
        }
        toaster.create({
          type: 'success',
          title: `${who} will not be contacted`,
          description:
            skippedTasks > 0
              ? `Added to the do-not-contact list; ${skippedTasks} planned task(s) will not go out.`
              : 'Added to the do-not-contact list.',
          closable: true,
          action: {
            label: 'Undo',
            onClick: () =>
              remove.mutate(entry.id, {
                onSuccess: () =>
                  toaster.create({
                    type: 'info',
                    title: `${who} is off the do-not-contact list`,
                    closable: true,
                  }),
              }),
          },
        });
      },
    });
  return (
    <Button
      size="xs"
      variant="outline"
      colorPalette="red"
      loading={add.isPending}
      aria-label={`Do not contact ${who}`}
      data-testid="do-not-contact-button"
      onClick={onClick}
    >
      <Ban aria-hidden /> Do not contact
    </Button>
  );
}
