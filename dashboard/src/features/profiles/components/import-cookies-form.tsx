import { Code, Dialog, Field, Input, List, Stack, Textarea } from '@chakra-ui/react';
import type { Profile } from '@reachly/shared/schemas';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { toastSuccess } from '../../../components/toaster.tsx';
import { useImportCookies } from '../profiles-queries.ts';
import {
  COOKIES_FILE_LIMIT_BYTES,
  checkCookies,
  cookiesCount,
  cookiesFailure,
  readCookiesJson,
} from '../utils/cookie-import.ts';
import { DialogFormFooter } from './dialog-form-footer.tsx';

/**
 * The cookies of one profile, pasted as the JSON a cookie-export extension writes or read from its
 * .json file. Parsed and checked in the page (invalid JSON sends nothing); the server's 400 details
 * and a 413 show next to the text, one line per problem; a stored set is toasted and the dialog closes.
 */
export function ImportCookiesForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const importCookies = useImportCookies();

  const changeText = (value: string) => {
    setText(value);
    setProblems([]);
  };

  const pickFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    setFileProblem(null);
    if (!file) return;
    if (file.size > COOKIES_FILE_LIMIT_BYTES) {
      setFileProblem(`“${file.name}” is too large to be a cookie export (limit 5 MB).`);
      return;
    }
    try {
      changeText(await file.text());
    } catch (error) {
      setFileProblem(`“${file.name}” could not be read: ${(error as Error).message}`);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (importCookies.isPending) return;
    setFormError(null);
    const reading = readCookiesJson(text);
    const found = reading.ok ? checkCookies(reading.cookies) : [reading.problem];
    if (!reading.ok || found.length > 0) {
      setProblems(found);
      return;
    }
    try {
      const stored = await importCookies.mutateAsync({ profileId: profile.id, cookies: reading.cookies });
      toastSuccess(
        `Cookies stored for ${profile.name}`,
        `${cookiesCount(stored.count)} stored; the desktop app imports them before the profile's browser next starts.`,
      );
      onDone();
    } catch (error) {
      const failure = cookiesFailure(error);
      if ('problems' in failure) setProblems(failure.problems);
      else setFormError(failure.message);
    }
  };

  return (
    <Dialog.Content asChild data-testid="import-cookies-dialog">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Dialog.Header>
          <Dialog.Title>Import cookies for {profile.name}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">
            <FormError message={formError} testId="import-cookies-error" />
            <Field.Root invalid={problems.length > 0}>
              <Field.Label>Cookies (JSON)</Field.Label>
              <Textarea
                value={text}
                onChange={(e) => changeText(e.currentTarget.value)}
                rows={10}
                fontFamily="mono"
                fontSize="xs"
                spellCheck={false}
                autoComplete="off"
                placeholder='[{"name": "c_user", "value": "…", "domain": ".facebook.com", …}]'
              />
              <Field.HelperText>
                Export the network's cookies with a cookie extension (EditThisCookie, Cookie-Editor) and paste
                the JSON: an array of cookies, or <Code>{'{"cookies": [...]}'}</Code>. They replace any
                cookies stored for this profile before and are kept encrypted.
              </Field.HelperText>
              <Field.ErrorText color="fg.error" data-testid="import-cookies-problems">
                <List.Root gap="0.5" ps="4">
                  {problems.map((line) => (
                    <List.Item key={line}>{line}</List.Item>
                  ))}
                </List.Root>
              </Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={fileProblem !== null}>
              <Field.Label>Or choose the exported .json file</Field.Label>
              <Input
                type="file"
                accept=".json,application/json,text/plain"
                py="1.5"
                data-testid="import-cookies-file"
                onChange={(e) => void pickFile(e)}
              />
              <Field.ErrorText color="fg.error">{fileProblem}</Field.ErrorText>
            </Field.Root>
          </Stack>
        </Dialog.Body>
        <DialogFormFooter submitLabel="Import cookies" pending={importCookies.isPending} />
      </form>
    </Dialog.Content>
  );
}
