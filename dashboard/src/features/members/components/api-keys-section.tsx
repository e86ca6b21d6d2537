import { Badge, Box, Button, Code, Field, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { contract } from '@reachly/shared/contract';
import { API_KEY_SCOPES, type ApiKeyScope } from '@reachly/shared/logic';
import type { ApiKey } from '@reachly/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/list-state.tsx';
import { OptionSelect } from '../../../components/option-select.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { call } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { ConfirmDialog } from '../../collections/components/confirm-dialog.tsx';
import { apiKeysQuery, useTeamChange } from '../team-queries.ts';
import { CopyButton } from './copy-button.tsx';

const SCOPE_LABEL: Record<ApiKeyScope, string> = { read: 'Read only', read_write: 'Read and write' };
const SCOPE_OPTIONS = API_KEY_SCOPES.map((value) => ({ value, label: SCOPE_LABEL[value] }));

/** The form to make a key; the key made is shown once, with a copy button. */
function NewKeyForm() {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [made, setMade] = useState<{ name: string; key: string } | null>(null);
  const create = useRefreshingMutation(
    apiKeysQuery().queryKey,
    () => call(contract.team.createApiKey, { body: { name, scope } }),
    {
      onSuccess: ({ apiKey, key }) => {
        setMade({ name: apiKey.name, key });
        setName('');
      },
    },
  );
  return (
    <Stack gap="3">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <HStack gap="2" align="end" wrap="wrap">
          <Field.Root flex="1" minW="48" invalid={create.isError}>
            <Field.Label>Key name</Field.Label>
            <Input
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              placeholder="CRM sync"
              maxLength={100}
              data-testid="api-key-name"
            />
            {create.isError && <Field.ErrorText>{create.error.message}</Field.ErrorText>}
          </Field.Root>
          <Field.Root width="auto">
            <Field.Label>Access</Field.Label>
            <OptionSelect
              size="md"
              width="44"
              options={SCOPE_OPTIONS}
              fieldProps={{
                value: scope,
                'data-testid': 'api-key-scope',
                onChange: (e) => setScope(e.currentTarget.value as ApiKeyScope),
              }}
            />
          </Field.Root>
          <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
            Create key
          </Button>
        </HStack>
      </form>
      {made && (
        <Box borderWidth="1px" borderColor="border.emphasized" rounded="md" p="3" data-testid="new-api-key">
          <Text fontWeight="medium">“{made.name}” is ready. Copy it now: it is not shown again.</Text>
          <HStack mt="2" gap="2" wrap={{ base: 'wrap', md: 'nowrap' }}>
            <Code data-testid="new-api-key-value" p="2" wordBreak="break-all" flex="1">
              {made.key}
            </Code>
            <CopyButton text={made.key} label="Copy key" testId="copy-api-key" />
            <Button size="sm" variant="ghost" onClick={() => setMade(null)}>
              Done
            </Button>
          </HStack>
        </Box>
      )}
    </Stack>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useTeamChange(
    apiKeysQuery().queryKey,
    () => call(contract.team.revokeApiKey, { params: { id: apiKey.id } }),
    `“${apiKey.name}” revoked.`,
    () => setConfirming(false),
  );
  return (
    <HStack
      data-testid="api-key-row"
      data-name={apiKey.name}
      py="3"
      gap="3"
      borderBottomWidth="1px"
      wrap="wrap"
      justify="space-between"
    >
      <Stack gap="0" minW="0" flex="1">
        <Text fontWeight="medium">
          {apiKey.name}{' '}
          <Badge variant="subtle" colorPalette={apiKey.scope === 'read' ? 'blue' : 'orange'}>
            {SCOPE_LABEL[apiKey.scope]}
          </Badge>
        </Text>
        <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
          rk_…{apiKey.hint} · made by {apiKey.createdBy} on {new Date(apiKey.createdAt).toLocaleDateString()}{' '}
          · {apiKey.lastUsedAt ? `last used ${new Date(apiKey.lastUsedAt).toLocaleString()}` : 'never used'}
        </Text>
      </Stack>
      <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
        Revoke
      </Button>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Revoke “${apiKey.name}”?`}
        confirmLabel="Revoke key"
        onConfirm={() => revoke.mutate()}
        pending={revoke.isPending}
        error={null}
        testId="revoke-api-key-dialog"
      >
        <Text>Every program that uses this key is refused from its next request. This cannot be undone.</Text>
      </ConfirmDialog>
    </HStack>
  );
}

/** API keys (owners and admins): make one (shown once), see when each was last used, revoke. */
export function ApiKeysSection() {
  const keys = useQuery(apiKeysQuery());
  return (
    <SectionCard
      title="API keys"
      description={
        <>
          A key lets a program (a CRM, a script) use the API for this organisation:{' '}
          <Code>Authorization: Bearer rk_…</Code>. It acts with your role; a read-only key can only read. The
          reference is at{' '}
          <Link href="/api/docs" target="_blank" rel="noreferrer" variant="underline">
            /api/docs
          </Link>
          .
        </>
      }
    >
      <NewKeyForm />
      {keys.isPending ? (
        <LoadingState label="Loading keys…" />
      ) : keys.isError ? (
        <ErrorState error={keys.error} onRetry={() => void keys.refetch()} />
      ) : keys.data.apiKeys.length === 0 ? (
        <Text color="fg.muted" data-testid="no-api-keys">
          No keys yet.
        </Text>
      ) : (
        <Stack gap="0">
          {keys.data.apiKeys.map((apiKey) => (
            <KeyRow key={apiKey.id} apiKey={apiKey} />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
