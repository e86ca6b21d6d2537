import { Field, Stack, Textarea } from '@chakra-ui/react';
import { type FieldPath, type UseFormRegisterReturn, useWatch } from 'react-hook-form';
import { FieldError } from '../../../profiles/components/field-error.tsx';
import type { CampaignFormControl, CampaignFormValues } from '../../utils/campaign-form-values.ts';
import { TemplatePreview } from './template-preview.tsx';

const TEMPLATE_HELP =
  'Variables: {firstName}, {lastName}, {name} and your CSV columns ("Company name" is {companyName}); with a fallback: {{companyName|your team}}. Spintax: {Hi|Hello}.';

/** A message template with its live preview below it. */
export function TemplateField({
  label,
  name,
  control,
  inputProps,
  error,
  required = true,
}: {
  label: string;
  name: FieldPath<CampaignFormValues>;
  control: CampaignFormControl;
  inputProps: UseFormRegisterReturn;
  error?: string | undefined;
  required?: boolean;
}) {
  const template = useWatch({ control, name });
  const collectionId = Number(useWatch({ control, name: 'collectionId' })) || null;
  const previewId = `${inputProps.name.replaceAll('.', '-')}-preview`;
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>
        {label} {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Stack gap="2" width="full">
        <Textarea rows={3} autoresize {...inputProps} />
        <Field.HelperText color="fg.muted">{TEMPLATE_HELP}</Field.HelperText>
        <FieldError>{error}</FieldError>
        <TemplatePreview
          id={previewId}
          template={typeof template === 'string' ? template : ''}
          collectionId={collectionId}
        />
      </Stack>
    </Field.Root>
  );
}
