import { Badge, Button, Checkbox, Fieldset, HStack, SimpleGrid, Spinner, Text } from '@chakra-ui/react';
import { CAMPAIGN_PROFILES_MAX } from '@reachly/shared/schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { LOGIN_STATUS_LABELS } from '../../../profiles/utils/labels.ts';
import { pickerProfilesQuery } from '../../campaigns-queries.ts';
import type { CampaignFormControl } from '../../utils/campaign-form-values.ts';

/** The profiles that run the campaign: a checkbox per profile of the organisation. */
export function ProfilesPicker({
  control,
  error,
}: {
  control: CampaignFormControl;
  error: string | undefined;
}) {
  const profiles = useInfiniteQuery(pickerProfilesQuery());
  const list = profiles.data?.pages.flatMap((p) => p.profiles) ?? [];
  const total = profiles.data?.pages[0]?.total ?? 0;

  return (
    <Controller
      control={control}
      name="profileIds"
      render={({ field }) => {
        const chosen = new Set(field.value);
        const toggle = (id: number, on: boolean) =>
          field.onChange(
            on ? [...field.value.filter((v) => v !== id), id] : field.value.filter((v) => v !== id),
          );
        return (
          <Fieldset.Root invalid={!!error}>
            <Fieldset.Legend>Profiles</Fieldset.Legend>
            <Fieldset.HelperText color="fg.muted">
              The campaign's leads are shared out among these profiles (at most {CAMPAIGN_PROFILES_MAX}).{' '}
              {chosen.size} chosen.
            </Fieldset.HelperText>
            <Fieldset.Content>
              {profiles.isPending ? (
                <HStack>
                  <Spinner size="sm" />
                  <Text color="fg.muted">Loading profiles…</Text>
                </HStack>
              ) : profiles.isError ? (
                <Text color="fg.error" role="alert">
                  Could not load the profiles: {profiles.error.message}
                </Text>
              ) : list.length === 0 ? (
                <Text color="fg.muted">No profiles yet: add one on the Profiles page first.</Text>
              ) : (
                <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="2" data-testid="profiles-picker">
                  {list.map((profile) => (
                    <Checkbox.Root
                      key={profile.id}
                      checked={chosen.has(profile.id)}
                      onCheckedChange={(e) => toggle(profile.id, e.checked === true)}
                      value={String(profile.id)}
                    >
                      <Checkbox.HiddenInput onBlur={field.onBlur} />
                      <Checkbox.Control />
                      <Checkbox.Label>
                        {profile.name}{' '}
                        <Badge size="sm" colorPalette={profile.isReady ? 'green' : 'orange'}>
                          {profile.isReady ? 'Ready' : LOGIN_STATUS_LABELS[profile.loginStatus]}
                        </Badge>
                      </Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </SimpleGrid>
              )}
              {profiles.hasNextPage && (
                <Button
                  size="xs"
                  variant="outline"
                  alignSelf="start"
                  loading={profiles.isFetchingNextPage}
                  onClick={() => void profiles.fetchNextPage()}
                >
                  Show more profiles ({list.length} of {total})
                </Button>
              )}
            </Fieldset.Content>
            <Fieldset.ErrorText color="fg.error">{error}</Fieldset.ErrorText>
          </Fieldset.Root>
        );
      }}
    />
  );
}
