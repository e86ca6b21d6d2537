import { Checkbox, Dialog, Field, Fieldset, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import type { WebhookEndpoint, WebhookEventType } from '@reachly/shared/schemas';
import { Controller, useForm } from 'react-hook-form';
import { FormError } from '../../../components/form-error.tsx';
import { toastSuccess } from '../../../components/toaster.tsx';
import { showRefusal } from '../../../lib/form-refusal.ts';
import { DialogFormFooter } from '../../profiles/components/dialog-form-footer.tsx';
import { FieldError } from '../../profiles/components/field-error.tsx';
import { EVENT_OPTIONS } from '../event-labels.ts';
import { useCreateWebhook, useUpdateWebhook } from '../webhooks-queries.ts';

interface EndpointFormValues {
  url: string;
  description: string;
  events: WebhookEventType[];
}

/**
 * Add or edit an endpoint: its URL, a description and the events it subscribes to. The server
 * checks the address (a private one is refused) and answers a new endpoint's secret, which
 * `onCreated` shows once.
 */
export function EndpointForm({
  endpoint,
  onDone,
  onCreated,
}: {
  endpoint: WebhookEndpoint | null;
  onDone: () => void;
  onCreated: (secret: string) => void;
}) {
  const { register, handleSubmit, formState, setError, control } = useForm<EndpointFormValues>({
    defaultValues: endpoint
      ? { url: endpoint.url, description: endpoint.description, events: endpoint.events }
      : { url: '', description: '', events: ['lead.status_changed', 'lead.replied'] },
  });
  const { errors, isSubmitting } = formState;
  const create = useCreateWebhook();
  const update = useUpdateWebhook();

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (endpoint) {
        await update.mutateAsync({ id: endpoint.id, body: values });
        toastSuccess('Endpoint saved');
      } else {
        const created = await create.mutateAsync({ ...values, enabled: true });
        toastSuccess('Endpoint added');
        onCreated(created.secret);
      }
    } catch (error) {
      // The server's message shows above the form; a field it names shows it on the field too.
      showRefusal(setError, error, (issues) =>
        issues.flatMap(({ path, message }) => {
          const field = path?.[0];
          return field === 'url' || field === 'events' ? [[field, message] as const] : [];
        }),
      );
      return;
    }
    onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Dialog.Header>
        <Dialog.Title>{endpoint ? 'Edit endpoint' : 'Add endpoint'}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <FormError message={errors.root?.server?.message} testId="webhook-form-error" />
          <Field.Root required invalid={!!errors.url}>
            <Field.Label>
              Endpoint URL <Field.RequiredIndicator />
            </Field.Label>
            <Input
              type="url"
              placeholder="https://crm.example.com/hooks/reachly"
              autoComplete="off"
              {...register('url', { required: 'Enter the URL that receives the events.' })}
            />
            <FieldError>{errors.url?.message}</FieldError>
          </Field.Root>
          <Field.Root>
            <Field.Label>Description</Field.Label>
            <Input placeholder="CRM sync" autoComplete="off" maxLength={200} {...register('description')} />
          </Field.Root>
          <Controller
            control={control}
            name="events"
            rules={{ validate: (v) => v.length > 0 || 'Choose at least one event.' }}
            render={({ field }) => (
              <Fieldset.Root invalid={!!errors.events}>
                <Fieldset.Legend>Events</Fieldset.Legend>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
                  {EVENT_OPTIONS.map((option) => (
                    <Checkbox.Root
                      key={option.type}
                      value={option.type}
                      checked={field.value.includes(option.type)}
                      onCheckedChange={(e) =>
                        field.onChange(
                          e.checked === true
                            ? [...field.value, option.type]
                            : field.value.filter((t) => t !== option.type),
                        )
                      }
                    >
                      <Checkbox.HiddenInput onBlur={field.onBlur} />
                      <Checkbox.Control />
                      <Checkbox.Label>{option.label}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </SimpleGrid>
                <Fieldset.ErrorText color="fg.error">{errors.events?.message}</Fieldset.ErrorText>
              </Fieldset.Root>
            )}
          />
        </Stack>
      </Dialog.Body>
      <DialogFormFooter submitLabel={endpoint ? 'Save endpoint' : 'Add endpoint'} pending={isSubmitting} />
    </form>
  );
}
