import { Heading, Stack, Text } from '@chakra-ui/react';
import type { LoginStatus } from '@reachly/shared/constants';
import type { Profile } from '@reachly/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { EmptyListState, ErrorState, LoadingState } from '../../components/list-state.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { DeleteProfileDialog } from './components/delete-profile-dialog.tsx';
import { ImportCookiesDialog } from './components/import-cookies-dialog.tsx';
import { ProfileFormDialog, type ProfileFormTarget } from './components/profile-form-dialog.tsx';
import { ProfilesPagination } from './components/profiles-pagination.tsx';
import { ProfilesTable } from './components/profiles-table.tsx';
import { ProfilesToolbar } from './components/profiles-toolbar.tsx';
import { profilesQuery } from './profiles-queries.ts';
import { clampPage } from './utils/pagination.ts';

/**
 * /profiles: the connected profiles, 20 a page, with search and filters; create, edit, import a
 * profile's cookies, delete.
 */
export default function ProfilesPage() {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText);
  const [notReadyOnly, setNotReadyOnly] = useState(false);
  const [loginStatus, setLoginStatus] = useState<LoginStatus | null>(null);
  const [page, setPage] = useState(1);
  const [formTarget, setFormTarget] = useState<ProfileFormTarget | null>(null);
  const [toDelete, setToDelete] = useState<Profile | null>(null);
  const [cookiesFor, setCookiesFor] = useState<Profile | null>(null);

  // A new search starts at page 1 (set while rendering, so the old page is never fetched for it).
  const [searchedFor, setSearchedFor] = useState(search);
  if (searchedFor !== search) {
    setSearchedFor(search);
    setPage(1);
  }

  const query = useQuery(profilesQuery({ page, search, notReadyOnly, loginStatus }));
  const total = query.data?.total;
  // After deletes, a page past the end falls back to the last one.
  useEffect(() => {
    if (total !== undefined && !query.isPlaceholderData) {
      const fixed = clampPage(page, total);
      if (fixed !== page) setPage(fixed);
    }
  }, [page, total, query.isPlaceholderData]);

  const filtered = search.trim() !== '' || notReadyOnly || loginStatus !== null;

  return (
    <Stack gap="4">
      <Heading as="h1" size="xl">
        Profiles
      </Heading>
      <ProfilesToolbar
        search={searchText}
        onSearchChange={setSearchText}
        notReadyOnly={notReadyOnly}
        onNotReadyOnlyChange={(value) => {
          setNotReadyOnly(value);
          setPage(1);
        }}
        loginStatus={loginStatus}
        onLoginStatusChange={(value) => {
          setLoginStatus(value);
          setPage(1);
        }}
        onAdd={() => setFormTarget({ kind: 'create' })}
      />
      {query.isPending ? (
        <LoadingState label="Loading profiles…" />
      ) : query.isError && !query.data ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.profiles.length === 0 ? (
        filtered ? (
          <EmptyListState title="No profiles match" description="Change the search or the filters." />
        ) : (
          <EmptyListState
            title="No profiles yet"
            description="Add a profile with its proxy, or wait for the profiles given to you."
          />
        )
      ) : (
        <>
          <ProfilesTable
            profiles={query.data.profiles}
            onEdit={(profile) => setFormTarget({ kind: 'edit', profile })}
            onImportCookies={setCookiesFor}
            onDelete={setToDelete}
          />
          <ProfilesPagination
            page={page}
            total={query.data.total}
            hasMore={query.data.hasMore}
            loading={query.isPlaceholderData}
            onPageChange={setPage}
          />
        </>
      )}
      {query.isError && query.data && (
        <Text color="fg.error" role="alert">
          Could not refresh the profiles: {query.error.message}
        </Text>
      )}
      <ProfileFormDialog target={formTarget} onClose={() => setFormTarget(null)} />
      <ImportCookiesDialog profile={cookiesFor} onClose={() => setCookiesFor(null)} />
      <DeleteProfileDialog profile={toDelete} onClose={() => setToDelete(null)} />
    </Stack>
  );
}
