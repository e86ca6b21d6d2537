import { Button, HStack, Input, InputGroup, Switch } from '@chakra-ui/react';
import type { LoginStatus } from '@reachly/shared/constants';
import { Plus, Search } from 'lucide-react';
import { OptionSelect } from '../../../components/option-select.tsx';
import { LOGIN_STATUS_OPTIONS } from '../utils/options.ts';

/** Search, the not-ready-only switch, the login-status filter and "Add profile". */
export function ProfilesToolbar({
  search,
  onSearchChange,
  notReadyOnly,
  onNotReadyOnlyChange,
  loginStatus,
  onLoginStatusChange,
  onAdd,
}: {
  search: string;
  onSearchChange: (search: string) => void;
  notReadyOnly: boolean;
  onNotReadyOnlyChange: (value: boolean) => void;
  loginStatus: LoginStatus | null;
  onLoginStatusChange: (value: LoginStatus | null) => void;
  onAdd: () => void;
}) {
  return (
    <HStack gap="3" wrap="wrap" align="center">
      <InputGroup startElement={<Search size={16} aria-hidden />} maxW="xs">
        <Input
          type="search"
          aria-label="Search profiles"
          placeholder="Search by name or proxy address"
          value={search}
          onChange={(e) => onSearchChange(e.target.value)}
        />
      </InputGroup>
      <OptionSelect
        maxW="52"
        options={[{ value: '', label: 'All login statuses' }, ...LOGIN_STATUS_OPTIONS]}
        fieldProps={{
          'aria-label': 'Login status',
          value: loginStatus ?? '',
          onChange: (e) => onLoginStatusChange((e.target.value || null) as LoginStatus | null),
        }}
      />
      <Switch.Root checked={notReadyOnly} onCheckedChange={(e) => onNotReadyOnlyChange(e.checked)}>
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>Not ready only</Switch.Label>
      </Switch.Root>
      <Button ms="auto" onClick={onAdd}>
        <Plus aria-hidden /> Add profile
      </Button>
    </HStack>
  );
}
