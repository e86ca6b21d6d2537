// Test support of the sandbox adapter's tests (sandbox.test.ts, sandbox-actions.test.ts): Node's
// own fetch (the sandbox's admin client and the cookie-keeping browser below use it); each page is
// parsed into its own happy-dom Window at the page's URL.
import type { AdapterStep, StepResult } from '@reachly/shared/extension';
import { Window } from 'happy-dom';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { type Sandbox, startSandbox } from '../../../tests/sandbox-network/server.ts';
import { sandboxAdapter } from './sandbox.ts';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const PASSWORD = 'pw-123456';

/** The file's sandbox network (seed 7), started by startSandboxForFile(); reset before each test. */
export let sandbox: Sandbox;
let windows: Window[] = [];

/**
 * Starts the sandbox network for the test file, resets it before each test and closes the pages
 * each test parsed. Each adapter test file has its own (vitest isolates the extension's files).
 */
export function startSandboxForFile(): void {
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 7 });
  });
  afterAll(() => sandbox.close());
  afterEach(async () => {
    await Promise.all(windows.map((w) => w.happyDOM.close()));
    windows = [];
  });
  beforeEach(async () => {
    await sandbox.admin.reset();
  });
}

/** A page's HTML as a Document at its URL (relative URLs resolve, doc.URL is the page's). */
export function load(url: string, html: string): Document {
  const window = new Window({
    url,
    settings: { navigation: { disableMainFrameNavigation: true }, disableJavaScriptFileLoading: true },
  });
  windows.push(window);
  window.document.write(html);
  return window.document as unknown as Document;
}

interface Submission {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
}

/** A logged-in (or not) browser on the sandbox: keeps the session cookie, follows 303s on GET. */
export function browser() {
  let cookie = '';
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      cookie = /expires=Thu, 01 Jan 1970/i.test(line) || pair.endsWith('=') ? '' : pair;
    }
  };
  async function request(method: 'GET' | 'POST', url: string, form?: URLSearchParams) {
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: { cookie, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form ? form.toString() : null,
    });
    keep(res);
    return { status: res.status, location: res.headers.get('location'), html: await res.text() };
  }
  /** GET, following redirects like a browser; the document at the final URL. */
  async function open(url: string): Promise<Document> {
    let at = new URL(url, sandbox.url).href;
    for (let hop = 0; hop < 5; hop += 1) {
      const res = await request('GET', at);
      if (res.status >= 300 && res.status < 400 && res.location) {
        at = new URL(res.location, at).href;
        continue;
      }
      return load(at, res.html);
    }
    throw new Error(`too many redirects from ${url}`);
  }
  /** What the browser does with a submitted form: POST its fields, show the answer. */
  async function submit({ form, submitter }: Submission): Promise<{ status: number; doc: Document }> {
    const view = form.ownerDocument.defaultView as unknown as { FormData: typeof FormData };
    const fields = new URLSearchParams();
    for (const [k, v] of new view.FormData(form, submitter ?? undefined)) fields.append(k, String(v));
    expect(form.method.toLowerCase()).toBe('post');
    const action = new URL(form.getAttribute('action') ?? '', form.ownerDocument.URL).href;
    const res = await request('POST', action, fields);
    if (res.status === 303 && res.location) return { status: res.status, doc: await open(res.location) };
    return { status: res.status, doc: load(action, res.html) };
  }
  return {
    open,
    submit,
    async logIn(login: string) {
      return request('POST', `${sandbox.url}/login`, new URLSearchParams({ login, password: PASSWORD }));
    },
  };
}
export type Browser = ReturnType<typeof browser>;

export async function signedIn(login = 'agent'): Promise<Browser> {
  await sandbox.admin.createAccount({ login, password: PASSWORD, name: 'Agent Smith' });
  const b = browser();
  expect(await b.logIn(login)).toMatchObject({ status: 303, location: '/feed' });
  return b;
}

/** Runs the step once on the document; records every form it submits (and stops the submit). */
export function runOnce(doc: Document, step: AdapterStep): { result: StepResult; submissions: Submission[] } {
  const submissions: Submission[] = [];
  const listener = (event: Event) => {
    const e = event as SubmitEvent;
    submissions.push({ form: e.target as HTMLFormElement, submitter: e.submitter as HTMLElement | null });
    e.preventDefault();
  };
  doc.addEventListener('submit', listener);
  try {
    const result = sandboxAdapter.run(doc, step);
    expect(submissions.length).toBeLessThanOrEqual(1);
    expect(submissions.length === 1).toBe(result.status === 'acted');
    return { result, submissions };
  } finally {
    doc.removeEventListener('submit', listener);
  }
}

/** What the background does: entry URL, run, replay each click, follow navigations. */
export async function drive(b: Browser, initial: AdapterStep, maxRounds = 20) {
  let step = initial;
  let doc = await b.open(sandboxAdapter.entryUrl(step, new URL(sandbox.url)));
  let acted = 0;
  const pages: string[] = [doc.URL];
  for (let round = 0; round < maxRounds; round += 1) {
    const { result, submissions } = runOnce(doc, step);
    const [submission] = submissions;
    if (result.status === 'acted' && submission) {
      acted += 1;
      if (step.kind === 'likePosts') step = { ...step, done: step.done + 1 };
      doc = (await b.submit(submission)).doc;
    } else if (result.status === 'navigate') {
      doc = await b.open(result.url);
    } else {
      return { result, acted, doc, pages };
    }
    pages.push(doc.URL);
  }
  throw new Error('the step did not finish');
}

export const people = () => sandbox.admin.people();
export async function person(filter: (p: Awaited<ReturnType<typeof people>>[number]) => boolean, skip = 0) {
  const found = (await people()).filter(filter)[skip];
  if (!found) throw new Error('the seed has no such person');
  return { ...found, url: new URL(found.url, sandbox.url).href };
}
