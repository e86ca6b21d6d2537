import { CloseButton, Dialog, Field, Input, Stack } from '@chakra-ui/react';
import type { Profile } from '@reachly/shared/schemas';
import { useForm } from 'react-hook-form';
import { FormError } from '../../../components/form-error.tsx';
import { toastSuccess } from '../../../components/toaster.tsx';
import { showRefusal } from '../../../lib/form-refusal.ts';
import { useTrafficGate } from '../../license/hooks/use-traffic-gate.ts';
import { useSaveProfile } from '../profiles-queries.ts';
import { LOGIN_STATUS_OPTIONS, PROXY_SOURCE_OPTIONS, proxyTypeOptions } from '../utils/options.ts';
import {
  defaultProxyType,
  emptyProfileForm,
  type ProfileFormMode,
  type ProfileFormValues,
  profileToForm,
  usesProxy,
} from '../utils/profile-form-values.ts';
import { issuesToProfileErrors, type ProfileBody, profileResolver } from '../utils/profile-validation.ts';
import { DialogFormFooter } from './dialog-form-footer.tsx';
import { FieldError } from './field-error.tsx';
import { ProxyPasswordField } from './proxy-password-field.tsx';
import { ProxyTimezoneField } from './proxy-timezone-field.tsx';
import { SelectField } from './select-field.tsx';

/**
 * Create or edit a profile: validated with the shared zod schemas (their messages on the fields),
 * saved with POST / PATCH; a refused save shows the server's message (spec §8). A profile on the
 * product's proxies is not saved while the traffic is exhausted: BUY_TRAFFIC_POPUP opens instead.
 */
export function ProfileForm({ profile, onDone }: { profile: Profile | null; onDone: () => void }) {
  const mode: ProfileFormMode = profile
    ? { kind: 'edit', id: profile.id, hasSavedPassword: profile.hasProxyPassword }
    : { kind: 'create' };
  const { register, handleSubmit, formState, setError, setValue, getValues, watch, control } = useForm<
    ProfileFormValues,
    ProfileFormMode,
    ProfileBody
  >({
    defaultValues: profile ? profileToForm(profile) : emptyProfileForm(),
    resolver: profileResolver,
    context: mode,
  });
  const { errors, isSubmitting } = formState;
  const save = useSaveProfile();
  const { ensureTraffic } = useTrafficGate();
  const proxySource = watch('proxySource');
  const passwordTyped = watch('proxyPassword') !== '';

  const onSubmit = handleSubmit(async (body) => {
    if (body.proxySource === 'REACHLY' && !ensureTraffic()) return;
    try {
      await save.mutateAsync(body);
    } catch (error) {
      showRefusal(setError, error, (issues) => Object.entries(issuesToProfileErrors(issues).fields));
      return;
    }
    toastSuccess(mode.kind === 'create' ? 'Profile created' : 'Profile saved');
    onDone();
  });

  const formError = errors.root?.server?.message ?? errors.root?.schema?.message;

  return (
    <Dialog.Content asChild data-testid="profile-form-dialog">
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Header>
          <Dialog.Title>{mode.kind === 'create' ? 'Add profile' : 'Edit profile'}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">
            <FormError message={formError} testId="profile-form-error" />
            <Field.Root required invalid={!!errors.name}>
              <Field.Label>
                Name <Field.RequiredIndicator />
              </Field.Label>
              <Input autoComplete="off" {...register('name')} />
              <FieldError>{errors.name?.message}</FieldError>
            </Field.Root>
            <SelectField
              label="Login status"
              inputProps={register('loginStatus')}
              options={LOGIN_STATUS_OPTIONS}
              error={errors.loginStatus?.message}
            />
            <SelectField
              label="Proxy source"
              inputProps={register('proxySource', {
                onChange: (e: { target: { value: ProfileFormValues['proxySource'] } }) =>
                  setValue('proxyType', defaultProxyType(e.target.value)),
              })}
              options={PROXY_SOURCE_OPTIONS}
              error={errors.proxySource?.message}
            />
            {usesProxy(proxySource) && (
              <>
                <SelectField
                  label="Proxy type"
                  inputProps={register('proxyType')}
                  options={proxyTypeOptions(proxySource)}
                  error={errors.proxyType?.message}
                />
                <Field.Root invalid={!!errors.HTTPProxyAddress} required={proxySource === 'MANUAL'}>
                  <Field.Label>
                    Proxy address <Field.RequiredIndicator />
                  </Field.Label>
                  <Input
                    placeholder="host:port or http://host:port"
                    autoComplete="off"
                    {...register('HTTPProxyAddress')}
                  />
                  <FieldError>{errors.HTTPProxyAddress?.message}</FieldError>
                </Field.Root>
                <Field.Root invalid={!!errors.proxyLogin}>
                  <Field.Label>Proxy login</Field.Label>
                  <Input autoComplete="off" {...register('proxyLogin')} />
                  <FieldError>{errors.proxyLogin?.message}</FieldError>
                </Field.Root>
                <ProxyPasswordField
                  inputProps={register('proxyPassword')}
                  error={errors.proxyPassword?.message}
                  hasSavedPassword={mode.kind === 'edit' && mode.hasSavedPassword}
                  typed={passwordTyped}
                  control={control}
                />
                <ProxyTimezoneField
                  inputProps={register('proxyTimezone')}
                  error={errors.proxyTimezone?.message}
                  canDetect={proxySource === 'MANUAL'}
                  proxyToProbe={() => {
                    const v = getValues();
                    if (v.HTTPProxyAddress.trim() === '') return null;
                    return {
                      HTTPProxyAddress: v.HTTPProxyAddress.trim(),
                      proxyLogin: v.proxyLogin.trim() || null,
                      proxyPassword: v.proxyPassword || null,
                    };
                  }}
                  onDetected={(timezone) =>
                    setValue('proxyTimezone', timezone, { shouldDirty: true, shouldValidate: true })
                  }
                />
              </>
            )}
          </Stack>
        </Dialog.Body>
        <DialogFormFooter submitLabel="Save profile" pending={isSubmitting} />
        <Dialog.CloseTrigger asChild>
          <CloseButton size="sm" aria-label="Close" />
        </Dialog.CloseTrigger>
      </form>
    </Dialog.Content>
  );
}
