import { Checkbox, Field, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { AI_REPLIES_PER_CONVERSATION_PER_DAY, CONTACT_LATER_DEFAULT_DAYS } from '@reachly/shared/schemas';
import { Controller, useWatch } from 'react-hook-form';
import { FieldError } from '../../../profiles/components/field-error.tsx';
import { AI_REPLY_INTENTS, INTENT_LABELS } from '../../utils/campaign-form-values.ts';
import { AbVariantsFields } from './ab-variants-fields.tsx';
import { FriendRequestFields } from './friend-request-fields.tsx';
import { NumberField } from './number-field.tsx';
import type { StepFieldsProps } from './step-fields-props.ts';
import { TemplateField } from './template-field.tsx';

function CollectFields({ index, control, register, errors }: StepFieldsProps) {
  const fromKind = useWatch({ control, name: `steps.${index}.fromKind` });
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
      <Field.Root>
        <Field.Label>Collect from</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field {...register(`steps.${index}.fromKind`)}>
            <option value="group">Members of a group</option>
            <option value="search">A people search</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {fromKind === 'group' ? (
        <Field.Root invalid={!!errors?.groupUrl} required>
          <Field.Label>
            Group link <Field.RequiredIndicator />
          </Field.Label>
          <Input type="url" placeholder="https://…" {...register(`steps.${index}.groupUrl`)} />
          <FieldError>{errors?.groupUrl?.message}</FieldError>
        </Field.Root>
      ) : (
        <Field.Root invalid={!!errors?.query} required>
          <Field.Label>
            Search query <Field.RequiredIndicator />
          </Field.Label>
          <Input {...register(`steps.${index}.query`)} />
          <FieldError>{errors?.query?.message}</FieldError>
        </Field.Root>
      )}
      <NumberField
        label="Most profiles to collect"
        inputProps={register(`steps.${index}.maxCount`)}
        error={errors?.maxCount?.message}
        min={1}
        max={10_000}
      />
    </SimpleGrid>
  );
}

function TargetFields({ index, control, register, errors }: StepFieldsProps) {
  return (
    <Stack gap="3">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <Field.Root invalid={!!errors?.hasMessageButton}>
          <Field.Label>Message button</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field {...register(`steps.${index}.hasMessageButton`)}>
              <option value="any">Any lead</option>
              <option value="yes">Only leads with a message button</option>
              <option value="no">Only leads without one</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root invalid={!!errors?.includeKeywords}>
          <Field.Label>Name includes any of</Field.Label>
          <Input placeholder="Comma-separated" {...register(`steps.${index}.includeKeywords`)} />
          <FieldError>{errors?.includeKeywords?.message}</FieldError>
        </Field.Root>
        <Field.Root invalid={!!errors?.excludeKeywords}>
          <Field.Label>Name includes none of</Field.Label>
          <Input placeholder="Comma-separated" {...register(`steps.${index}.excludeKeywords`)} />
          <FieldError>{errors?.excludeKeywords?.message}</FieldError>
        </Field.Root>
      </SimpleGrid>
      <Controller
        control={control}
        name={`steps.${index}.skipContacted`}
        render={({ field }) => (
          <Checkbox.Root
            checked={field.value}
            onCheckedChange={(e) => field.onChange(e.checked === true)}
            name={field.name}
          >
            <Checkbox.HiddenInput onBlur={field.onBlur} />
            <Checkbox.Control />
            <Checkbox.Label>Skip leads another campaign already contacted</Checkbox.Label>
          </Checkbox.Root>
        )}
      />
    </Stack>
  );
}

/** The message a step sends (welcome, call to action, follow-up): its template, and other versions to test. */
function MessageField(props: StepFieldsProps) {
  const { index, control, register, errors } = props;
  const versions = useWatch({ control, name: `steps.${index}.abVariants` })?.length ?? 0;
  return (
    <Stack gap="3">
      <TemplateField
        label={versions > 0 ? 'Message (version A)' : 'Message'}
        name={`steps.${index}.template`}
        control={control}
        inputProps={register(`steps.${index}.template`)}
        error={errors?.template?.message}
      />
      <AbVariantsFields {...props} />
    </Stack>
  );
}

function AiReplyFields({ index, control, register, errors }: StepFieldsProps) {
  return (
    <Stack gap="4">
      <Text fontSize="sm" color="fg.muted">
        Give a reply for each intent to answer; leave an intent empty to answer it yourself.
      </Text>
      {AI_REPLY_INTENTS.map((intent) => (
        <TemplateField
          key={intent}
          label={`Reply when: ${INTENT_LABELS[intent]}`}
          name={`steps.${index}.intents.${intent}`}
          control={control}
          inputProps={register(`steps.${index}.intents.${intent}`)}
          error={errors?.intents?.[intent]?.message}
          required={false}
        />
      ))}
      <TemplateField
        label="Reply when no intent matches"
        name={`steps.${index}.fallbackTemplate`}
        control={control}
        inputProps={register(`steps.${index}.fallbackTemplate`)}
        error={errors?.fallbackTemplate?.message}
        required={false}
      />
      <TemplateField
        label="Message on the day a lead asked to be contacted again"
        name={`steps.${index}.contactLaterTemplate`}
        control={control}
        inputProps={register(`steps.${index}.contactLaterTemplate`)}
        error={errors?.contactLaterTemplate?.message}
        required={false}
      />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <NumberField
          label={`Days to wait when they name no day (default ${CONTACT_LATER_DEFAULT_DAYS})`}
          inputProps={register(`steps.${index}.contactLaterDays`)}
          error={errors?.contactLaterDays?.message}
          min={1}
          max={365}
          required={false}
        />
        <NumberField
          label={`Automatic replies per conversation and day (default ${AI_REPLIES_PER_CONVERSATION_PER_DAY})`}
          inputProps={register(`steps.${index}.maxPerConversationPerDay`)}
          error={errors?.maxPerConversationPerDay?.message}
          min={1}
          max={20}
          required={false}
        />
      </SimpleGrid>
      <Text fontSize="sm" color="fg.muted">
        Left empty, the message for a lead who asked for later is your first follow-up's.
      </Text>
    </Stack>
  );
}

/** The fields of one step, by its type. */
export function StepFields(props: StepFieldsProps) {
  const { index, type, register, errors } = props;
  switch (type) {
    case 'collect':
      return <CollectFields {...props} />;
    case 'target':
      return <TargetFields {...props} />;
    case 'friendRequest':
      return <FriendRequestFields {...props} />;
    case 'welcomeMessage':
    case 'callToAction':
      return <MessageField {...props} />;
    case 'aiReply':
      return <AiReplyFields {...props} />;
    case 'followUp':
      return (
        <Stack gap="3">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <NumberField
              label="Days after the last message"
              inputProps={register(`steps.${index}.afterDays`)}
              error={errors?.afterDays?.message}
              min={1}
              max={90}
            />
            <NumberField
              label="Times per lead"
              inputProps={register(`steps.${index}.maxCount`)}
              error={errors?.maxCount?.message}
              min={1}
              max={10}
            />
          </SimpleGrid>
          <MessageField {...props} />
        </Stack>
      );
    case 'joinGroups':
      return (
        <Field.Root invalid={!!errors?.groupUrls} required>
          <Field.Label>
            Group links, one per line <Field.RequiredIndicator />
          </Field.Label>
          <Textarea rows={3} autoresize placeholder="https://…" {...register(`steps.${index}.groupUrls`)} />
          <FieldError>{errors?.groupUrls?.message}</FieldError>
        </Field.Root>
      );
    case 'likePosts':
      return (
        <NumberField
          label="Posts to like per day"
          inputProps={register(`steps.${index}.count`)}
          error={errors?.count?.message}
          min={1}
          max={100}
        />
      );
  }
}
