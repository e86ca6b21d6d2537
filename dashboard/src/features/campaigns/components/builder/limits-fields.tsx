import { Field, Fieldset, Input, SimpleGrid } from '@chakra-ui/react';
import { ACTION_LABELS } from '@reachly/shared/logic';
import { CAMPAIGN_ACTIONS, DAILY_CAP_MAX, DEFAULT_DAILY_CAPS } from '@reachly/shared/schemas';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FieldError } from '../../../profiles/components/field-error.tsx';
import type { CampaignFormValues } from '../../utils/campaign-form-values.ts';

type Props = {
  register: UseFormRegister<CampaignFormValues>;
  errors: FieldErrors<CampaignFormValues>;
};

/** Per profile and day, how many of each action at most; empty = the default (the placeholder). */
export function DailyCapsFields({ register, errors }: Props) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend>Daily caps per profile</Fieldset.Legend>
      <Fieldset.HelperText color="fg.muted">
        Leave a cap empty for the default shown. New profiles warm up: 20 % of the caps on day one, all of
        them by day 15.
      </Fieldset.HelperText>
      <Fieldset.Content>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
          {CAMPAIGN_ACTIONS.map((action) => (
            <Field.Root key={action} invalid={!!errors.dailyCaps?.[action]}>
              <Field.Label>{ACTION_LABELS[action]}</Field.Label>
              <Input
                type="number"
                inputMode="numeric"
                min={0}
                max={DAILY_CAP_MAX}
                step={1}
                placeholder={String(DEFAULT_DAILY_CAPS[action])}
                {...register(`dailyCaps.${action}`)}
              />
              <FieldError>{errors.dailyCaps?.[action]?.message}</FieldError>
            </Field.Root>
          ))}
        </SimpleGrid>
      </Fieldset.Content>
    </Fieldset.Root>
  );
}

/** Working hours in each profile's proxy timezone, and the random gap between two actions. */
export function ScheduleFields({ register, errors }: Props) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
      <Fieldset.Root>
        <Fieldset.Legend>Working hours</Fieldset.Legend>
        <Fieldset.HelperText color="fg.muted">
          In each profile's proxy timezone; an end before the start spans midnight.
        </Fieldset.HelperText>
        <Fieldset.Content>
          <SimpleGrid columns={2} gap="3">
            <Field.Root invalid={!!errors.workingHours?.start} required>
              <Field.Label>
                From <Field.RequiredIndicator />
              </Field.Label>
              <Input type="time" {...register('workingHours.start')} />
              <FieldError>{errors.workingHours?.start?.message}</FieldError>
            </Field.Root>
            <Field.Root invalid={!!errors.workingHours?.end} required>
              <Field.Label>
                Until <Field.RequiredIndicator />
              </Field.Label>
              <Input type="time" {...register('workingHours.end')} />
              <FieldError>{errors.workingHours?.end?.message}</FieldError>
            </Field.Root>
          </SimpleGrid>
        </Fieldset.Content>
      </Fieldset.Root>
      <Fieldset.Root>
        <Fieldset.Legend>Gap between actions</Fieldset.Legend>
        <Fieldset.HelperText color="fg.muted">
          Each profile waits a random time in this range between two actions.
        </Fieldset.HelperText>
        <Fieldset.Content>
          <SimpleGrid columns={2} gap="3">
            <Field.Root invalid={!!errors.gapSeconds?.min} required>
              <Field.Label>
                Minimum (seconds) <Field.RequiredIndicator />
              </Field.Label>
              <Input type="number" inputMode="numeric" min={1} step={1} {...register('gapSeconds.min')} />
              <FieldError>{errors.gapSeconds?.min?.message}</FieldError>
            </Field.Root>
            <Field.Root invalid={!!errors.gapSeconds?.max} required>
              <Field.Label>
                Maximum (seconds) <Field.RequiredIndicator />
              </Field.Label>
              <Input type="number" inputMode="numeric" min={1} step={1} {...register('gapSeconds.max')} />
              <FieldError>{errors.gapSeconds?.max?.message}</FieldError>
            </Field.Root>
          </SimpleGrid>
        </Fieldset.Content>
      </Fieldset.Root>
    </SimpleGrid>
  );
}
