import { Field, NativeSelect, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { WITHDRAW_AFTER_DAYS_MAX } from '@reachly/shared/schemas';
import { Controller, type FieldErrors, type UseFormRegister, useWatch } from 'react-hook-form';
import { FieldError } from '../../../profiles/components/field-error.tsx';
import type {
  CampaignFormControl,
  CampaignFormValues,
  StepFormValues,
} from '../../utils/campaign-form-values.ts';
import { NumberField } from './number-field.tsx';
import { TemplateField } from './template-field.tsx';

/** What a step's fields get (step-fields.tsx StepFieldsProps without the type). */
interface FriendRequestFieldsProps {
  index: number;
  control: CampaignFormControl;
  register: UseFormRegister<CampaignFormValues>;
  errors: FieldErrors<StepFormValues> | undefined;
}

/** A switch bound to one of the step's booleans. */
function StepSwitch({
  control,
  name,
  label,
}: Pick<FriendRequestFieldsProps, 'control'> & {
  name: `steps.${number}.withdrawRequests` | `steps.${number}.slowDown`;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch.Root
          checked={field.value}
          onCheckedChange={(e) => field.onChange(e.checked)}
          name={field.name}
        >
          <Switch.HiddenInput onBlur={field.onBlur} />
          <Switch.Control />
          <Switch.Label>{label}</Switch.Label>
        </Switch.Root>
      )}
    />
  );
}

/** After a withdrawal (issue 17): nothing, a follow, or a message with its template. */
function AfterWithdrawalFields({ index, control, register, errors }: FriendRequestFieldsProps) {
  const after = useWatch({ control, name: `steps.${index}.afterWithdrawal` });
  return (
    <Stack gap="3">
      <Field.Root invalid={!!errors?.afterWithdrawal}>
        <Field.Label>Then, after the withdrawal</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field {...register(`steps.${index}.afterWithdrawal`)}>
            <option value="none">Nothing more</option>
            <option value="followPerson">Follow the person</option>
            <option value="message">Send a message (to leads with a Message button)</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <FieldError>{errors?.afterWithdrawal?.message}</FieldError>
      </Field.Root>
      {after === 'message' && (
        <TemplateField
          label="Message after the withdrawal"
          name={`steps.${index}.afterWithdrawalTemplate`}
          control={control}
          inputProps={register(`steps.${index}.afterWithdrawalTemplate`)}
          error={errors?.afterWithdrawalTemplate?.message}
        />
      )}
    </Stack>
  );
}

/**
 * The friend request step (issue 17): withdraw requests nobody answered after some days (off by
 * default) and what to do then, and slow down when few people accept (on by default, with the
 * shared defaults).
 */
export function FriendRequestFields({ index, control, register, errors }: FriendRequestFieldsProps) {
  const withdraw = useWatch({ control, name: `steps.${index}.withdrawRequests` });
  const slowDown = useWatch({ control, name: `steps.${index}.slowDown` });
  return (
    <Stack gap="4">
      <Stack gap="3">
        <StepSwitch
          control={control}
          name={`steps.${index}.withdrawRequests`}
          label="Withdraw unanswered requests"
        />
        {withdraw && (
          <>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              <NumberField
                label="Withdraw after this many days"
                inputProps={register(`steps.${index}.withdrawAfterDays`)}
                error={errors?.withdrawAfterDays?.message}
                min={1}
                max={WITHDRAW_AFTER_DAYS_MAX}
              />
            </SimpleGrid>
            <AfterWithdrawalFields index={index} control={control} register={register} errors={errors} />
          </>
        )}
      </Stack>
      <Stack gap="3">
        <StepSwitch
          control={control}
          name={`steps.${index}.slowDown`}
          label="Slow down when few people accept"
        />
        {slowDown && (
          <>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              <NumberField
                label="Judge by the last N requests"
                inputProps={register(`steps.${index}.slowDownLastRequests`)}
                error={errors?.slowDownLastRequests?.message}
                min={10}
                max={500}
              />
              <NumberField
                label="Minimum acceptance rate (%)"
                inputProps={register(`steps.${index}.slowDownMinRate`)}
                error={errors?.slowDownMinRate?.message}
                min={1}
                max={95}
              />
            </SimpleGrid>
            <Text fontSize="sm" color="fg.muted">
              Below that rate, the profile sends fewer requests a day until more people accept.
            </Text>
          </>
        )}
      </Stack>
    </Stack>
  );
}
