import { Box, Button, Flex, Heading, HStack, IconButton, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { STEP_LABELS } from '@reachly/shared/logic';
import { CAMPAIGN_STEP_TYPES, CAMPAIGN_STEPS_MAX, type CampaignStepType } from '@reachly/shared/schemas';
import { ArrowDown, ArrowUp, ChevronDown, Plus, Trash2 } from 'lucide-react';
import { type FieldErrors, type UseFormRegister, useFieldArray, useWatch } from 'react-hook-form';
import {
  type CampaignFormControl,
  type CampaignFormValues,
  newStep,
} from '../../utils/campaign-form-values.ts';
import { STEP_DESCRIPTIONS } from '../../utils/labels.ts';
import { replyRule, stepConditions } from '../../utils/sequence.ts';
import { StepFields } from './step-fields.tsx';

/** Every type but followUp may appear once (campaignStepsSchema). */
function canAddStep(type: CampaignStepType, present: readonly CampaignStepType[]): boolean {
  return type === 'followUp' || !present.includes(type);
}

/**
 * The campaign's steps as a sequence (issue 17): add one of a type from the menu, remove it, move
 * it up or down; each step says when it runs for a lead (utils/sequence.ts, following the values
 * as they are typed) and shows its own fields; under them, what a lead's reply does.
 */
export function StepsEditor({
  control,
  register,
  errors,
}: {
  control: CampaignFormControl;
  register: UseFormRegister<CampaignFormValues>;
  errors: FieldErrors<CampaignFormValues>;
}) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'steps' });
  const present = fields.map((f) => f.type);
  const full = fields.length >= CAMPAIGN_STEPS_MAX;
  const listError = errors.root?.steps?.message;
  const values = useWatch({ control, name: 'steps' }) ?? [];
  const conditions = stepConditions(values.length === fields.length ? values : fields);

  return (
    <Stack gap="3" data-testid="steps-editor">
      {fields.length === 0 && (
        <Text color="fg.muted" fontSize="sm">
          No steps yet. Add the first one: for example a friend request, then a welcome message.
        </Text>
      )}
      <Stack as="ol" gap="3" listStyleType="none" aria-label="Steps">
        {fields.map((field, index) => {
          const label = STEP_LABELS[field.type];
          const stepErrors = errors.steps?.[index];
          return (
            <Box
              as="li"
              key={field.id}
              borderWidth="1px"
              rounded="md"
              p="4"
              bg="bg.panel"
              data-testid="step-card"
              data-step-type={field.type}
            >
              <Flex gap="2" align="start" mb="3">
                <Box flex="1">
                  <Heading as="h3" size="sm">
                    {index + 1}. {label}
                  </Heading>
                  <Text fontSize="sm" fontWeight="medium" data-testid="step-when">
                    {conditions[index]}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {STEP_DESCRIPTIONS[field.type]}
                  </Text>
                  {stepErrors?.type?.message && (
                    <Text fontSize="sm" color="fg.error" role="alert">
                      {stepErrors.type.message}
                    </Text>
                  )}
                </Box>
                <HStack gap="1">
                  <IconButton
                    size="xs"
                    variant="ghost"
                    aria-label={`Move step ${index + 1} (${label}) up`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    <ArrowUp />
                  </IconButton>
                  <IconButton
                    size="xs"
                    variant="ghost"
                    aria-label={`Move step ${index + 1} (${label}) down`}
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <ArrowDown />
                  </IconButton>
                  <IconButton
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    aria-label={`Remove step ${index + 1} (${label})`}
                    onClick={() => remove(index)}
                  >
                    <Trash2 />
                  </IconButton>
                </HStack>
              </Flex>
              <StepFields
                index={index}
                type={field.type}
                control={control}
                register={register}
                errors={stepErrors}
              />
            </Box>
          );
        })}
      </Stack>
      {fields.length > 0 && (
        <Text fontSize="sm" color="fg.muted" data-testid="sequence-reply-rule">
          {replyRule(fields)}
        </Text>
      )}
      {listError && (
        <Text fontSize="sm" color="fg.error" role="alert" data-testid="steps-error">
          {listError}
        </Text>
      )}
      <Menu.Root onSelect={({ value }) => append(newStep(value as CampaignStepType))}>
        <Menu.Trigger asChild>
          <Button variant="outline" size="sm" alignSelf="start" disabled={full}>
            <Plus aria-hidden /> Add step <ChevronDown aria-hidden />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content data-testid="add-step-menu">
              {CAMPAIGN_STEP_TYPES.map((type) => (
                <Menu.Item key={type} value={type} disabled={!canAddStep(type, present)}>
                  {STEP_LABELS[type]}
                </Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </Stack>
  );
}
