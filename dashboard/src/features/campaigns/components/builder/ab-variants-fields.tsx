import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { AB_VARIANTS_MAX, variantLetter } from '@reachly/shared/schemas';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray } from 'react-hook-form';
import type { StepFieldsProps } from './step-fields-props.ts';
import { TemplateField } from './template-field.tsx';

/**
 * A message step's other versions (B, C, D) for an A/B test: each lead gets one version, the leads
 * split evenly, and the run view compares their replies. The step's own message is version A.
 */
export function AbVariantsFields({ index, control, register, errors }: StepFieldsProps) {
  const { fields, append, remove } = useFieldArray({ control, name: `steps.${index}.abVariants` });
  const next = variantLetter(fields.length + 1);
  return (
    <Stack gap="3" data-testid="ab-variants">
      {fields.map((field, i) => (
        <Stack key={field.id} gap="1">
          <TemplateField
            label={`Version ${variantLetter(i + 1)}`}
            name={`steps.${index}.abVariants.${i}.text`}
            control={control}
            inputProps={register(`steps.${index}.abVariants.${i}.text`)}
            error={errors?.abVariants?.[i]?.text?.message}
          />
          <Button
            size="xs"
            variant="ghost"
            alignSelf="start"
            onClick={() => remove(i)}
            aria-label={`Remove version ${variantLetter(i + 1)}`}
          >
            <Trash2 aria-hidden /> Remove version {variantLetter(i + 1)}
          </Button>
        </Stack>
      ))}
      <HStack gap="3" wrap="wrap">
        {fields.length < AB_VARIANTS_MAX && (
          <Button size="xs" variant="outline" onClick={() => append({ text: '' })}>
            <Plus aria-hidden /> Add version {next} (A/B test)
          </Button>
        )}
        <Text fontSize="xs" color="fg.muted">
          {fields.length === 0
            ? 'Test another wording: each lead gets one version, and the results compare their replies.'
            : `Each lead gets one of ${fields.length + 1} versions, split evenly; the results compare their replies.`}
        </Text>
      </HStack>
    </Stack>
  );
}
