import type { CampaignStepType } from '@reachly/shared/schemas';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type {
  CampaignFormControl,
  CampaignFormValues,
  StepFormValues,
} from '../../utils/campaign-form-values.ts';

/** What the fields of one step get: its place, its type, the form, and its errors. */
export interface StepFieldsProps {
  index: number;
  type: CampaignStepType;
  control: CampaignFormControl;
  register: UseFormRegister<CampaignFormValues>;
  errors: FieldErrors<StepFormValues> | undefined;
}
