import { Button, Field, HStack, Input, Link, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import {
  CAMPAIGN_NAME_MAX_LENGTH,
  type Campaign,
  type Collection,
  type CreateCampaignBody,
} from '@reachly/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormError } from '../../../../components/form-error.tsx';
import { toastSuccess } from '../../../../components/toaster.tsx';
import { ApiError } from '../../../../lib/api.ts';
import { showRefusal } from '../../../../lib/form-refusal.ts';
import { ROUTES } from '../../../../route-paths.ts';
import { FieldError } from '../../../profiles/components/field-error.tsx';
import { campaignsListKey, saveCampaign, storeCampaign } from '../../campaigns-queries.ts';
import type { CampaignFormValues } from '../../utils/campaign-form-values.ts';
import { campaignResolver, issuesToFieldMessages } from '../../utils/campaign-validation.ts';
import { Section } from '../section.tsx';
import { DailyCapsFields, ScheduleFields } from './limits-fields.tsx';
import { ProfilesPicker } from './profiles-picker.tsx';
import { StepsEditor } from './steps-editor.tsx';

/**
 * The campaign builder: name, collection, profiles, steps (templates with live previews), daily
 * caps, working hours and gaps. Checked with the shared schema before sending (its messages on the
 * fields); the server's refusal shows too. Saving creates a draft (or saves the edit) and hands the
 * campaign to `onSaved`.
 */
export function CampaignForm({
  campaignId,
  defaultValues,
  collections,
  cancelTo,
  onSaved,
}: {
  /** null for a new campaign. */
  campaignId: number | null;
  defaultValues: CampaignFormValues;
  /** Loaded before the form, so the stored collection is selected from the start. */
  collections: readonly Collection[];
  cancelTo: string;
  onSaved: (campaign: Campaign) => void;
}) {
  const queryClient = useQueryClient();
  const { register, control, handleSubmit, formState, setError } = useForm<
    CampaignFormValues,
    unknown,
    CreateCampaignBody
  >({ defaultValues, resolver: campaignResolver });
  const { errors, isSubmitting } = formState;
  const save = useMutation({
    mutationFn: (body: CreateCampaignBody) => saveCampaign(campaignId, body),
    onSuccess: (campaign) => storeCampaign(queryClient, campaign),
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignsListKey }),
  });

  const onSubmit = handleSubmit(async (body) => {
    let campaign: Campaign;
    try {
      campaign = await save.mutateAsync(body);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      showRefusal(setError, error, (issues) =>
        [...issuesToFieldMessages(issues)].filter(([field]) => !field.startsWith('root.')),
      );
      return;
    }
    toastSuccess(campaignId === null ? 'Campaign created' : 'Campaign saved');
    onSaved(campaign);
  });

  const formError = errors.root?.server?.message ?? errors.root?.schema?.message;

  return (
    <Stack asChild gap="8">
      <form onSubmit={onSubmit} noValidate data-testid="campaign-form">
        <FormError message={formError} testId="campaign-form-error" />
        <Section title="Campaign">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Field.Root required invalid={!!errors.name}>
              <Field.Label>
                Name <Field.RequiredIndicator />
              </Field.Label>
              <Input autoComplete="off" maxLength={CAMPAIGN_NAME_MAX_LENGTH} {...register('name')} />
              <FieldError>{errors.name?.message}</FieldError>
            </Field.Root>
            <Field.Root required invalid={!!errors.collectionId}>
              <Field.Label>
                Collection <Field.RequiredIndicator />
              </Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field {...register('collectionId')}>
                  <option value="">Choose a collection</option>
                  {collections.map((c) => (
                    <option key={c.id} value={String(c.id)}>
                      {c.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.HelperText color="fg.muted">
                {collections.length === 0 ? (
                  <>
                    No collections yet:{' '}
                    <Link asChild variant="underline">
                      <RouterLink to={ROUTES.collections}>create one</RouterLink>
                    </Link>{' '}
                    and add its leads first.
                  </>
                ) : (
                  'The leads the campaign works.'
                )}
              </Field.HelperText>
              <FieldError>{errors.collectionId?.message}</FieldError>
            </Field.Root>
          </SimpleGrid>
          <ProfilesPicker control={control} error={errors.profileIds?.message} />
        </Section>
        <Section title="Steps">
          <StepsEditor control={control} register={register} errors={errors} />
        </Section>
        <Section title="Limits">
          <DailyCapsFields register={register} errors={errors} />
          <ScheduleFields register={register} errors={errors} />
        </Section>
        <HStack gap="3">
          <Button type="submit" loading={isSubmitting}>
            {campaignId === null ? 'Create campaign' : 'Save changes'}
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={cancelTo}>Cancel</RouterLink>
          </Button>
        </HStack>
      </form>
    </Stack>
  );
}
