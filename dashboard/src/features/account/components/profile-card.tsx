import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { contract } from '@reachly/shared/contract';
import { ACCOUNT_NAME_MAX_LENGTH, type Account } from '@reachly/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { FormError } from '../../../components/form-error.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { toastSuccess } from '../../../components/toaster.tsx';
import { call } from '../../../lib/api.ts';
import { showRefusal } from '../../../lib/form-refusal.ts';
import { accountQuery } from '../account-queries.ts';

/** The account's name (editable) and the email it signs in with. */
export function ProfileCard({ account }: { account: Account }) {
  const queryClient = useQueryClient();
  const { register, handleSubmit, setError, formState, reset } = useForm<{ name: string }>({
    values: { name: account.name ?? '' },
  });
  const save = useMutation({
    mutationFn: (name: string) => call(contract.user.updateAccount, { body: { name } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(accountQuery().queryKey, saved);
      reset({ name: saved.name ?? '' });
      toastSuccess('Name saved');
    },
    onError: (error) =>
      showRefusal(setError, error, (issues) => issues.map((i) => ['name', i.message] as const)),
  });
  return (
    <SectionCard title="Profile">
      <form onSubmit={handleSubmit(({ name }) => save.mutateAsync(name).catch(() => {}))} noValidate>
        <Stack gap="4">
          <FormError message={formState.errors.root?.server?.message} testId="profile-error" />
          <Field.Root invalid={!!formState.errors.name}>
            <Field.Label>Name</Field.Label>
            <Input
              autoComplete="name"
              placeholder="Your name"
              {...register('name', {
                maxLength: {
                  value: ACCOUNT_NAME_MAX_LENGTH,
                  message: `At most ${ACCOUNT_NAME_MAX_LENGTH} characters`,
                },
              })}
            />
            <Field.ErrorText>{formState.errors.name?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root>
            <Field.Label>Email</Field.Label>
            <Text data-testid="account-email">{account.email}</Text>
            <Field.HelperText>The address you sign in with and where reset links are sent.</Field.HelperText>
          </Field.Root>
          <Button type="submit" alignSelf="start" loading={save.isPending} disabled={!formState.isDirty}>
            Save name
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}
