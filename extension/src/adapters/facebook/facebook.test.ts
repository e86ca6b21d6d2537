// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AdapterStep } from '@reachly/shared/extension';
import { DEFAULT_FACEBOOK_LOCATORS, locatorTableSchema } from '@reachly/shared/schemas';
import { Window } from 'happy-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdapterEnv } from '../types.ts';
import { facebookAdapter } from './index.ts';
import { pageOf } from './pages.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const windows: Window[] = [];
afterEach(async () => {
  await Promise.all(windows.splice(0).map((w) => w.happyDOM.close()));
});

function page(url: string, main: string, lang = 'en'): Document {
  const window = new Window({ url, settings: { disableJavaScriptEvaluation: true } });
  windows.push(window);
  window.document.write(
    `<!doctype html><html lang="${lang}"><head><meta property="og:site_name" content="Facebook"></head><body><div role="main">${main}</div></body></html>`,
  );
  window.document.cookie = 'c_user=42';
  return window.document as unknown as Document;
}

const env = (answers: unknown[] = []): AdapterEnv => ({
  locators: DEFAULT_FACEBOOK_LOCATORS,
  answers: () => answers,
  sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 5))),
});

describe('no class names', () => {
  it('the adapter and its table locate nothing by class', () => {
    const files = readdirSync(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(files.length).toBeGreaterThan(4);
    for (const file of files) {
      const source = readFileSync(path.join(here, file), 'utf8');
      expect(source, file).not.toMatch(/className|classList|\[class[~|^$*]?=|getAttribute\(['"]class['"]\)/);
      const selectors = [
        ...source.matchAll(/(?:querySelector(?:All)?|closest|matches)\(\s*(['"`])((?:(?!\1).)*)\1/g),
      ];
      expect(selectors.length, file).toBeGreaterThanOrEqual(0);
      for (const m of selectors) {
        // A class selector is a dot outside an attribute selector's brackets (div.x1a, .foo).
        const outsideAttributes = (m[2] ?? '').replace(/\[[^\]]*\]/g, '');
        expect(outsideAttributes, `${file}: ${m[2]}`).not.toMatch(/\.[A-Za-z_-]/);
      }
    }
    const strings = JSON.stringify(DEFAULT_FACEBOOK_LOCATORS.languages);
    expect(strings).not.toMatch(/class|"\.[A-Za-z]/);
    expect(locatorTableSchema.parse(DEFAULT_FACEBOOK_LOCATORS)).toEqual(DEFAULT_FACEBOOK_LOCATORS);
  });
});

describe('the Facebook adapter', () => {
  it('knows the URL patterns', () => {
    expect(pageOf('https://www.facebook.com/profile.php?id=4')?.page).toBe('profile');
    expect(pageOf('https://www.facebook.com/anna.berg')?.pattern).toBe('/<username>');
    expect(pageOf('https://www.facebook.com/groups/12/members/')?.page).toBe('groupMembers');
    expect(pageOf('https://www.facebook.com/messages/e2ee/t/9')?.page).toBe('thread');
    expect(pageOf('https://www.facebook.com/checkpoint/828281030927956/')?.page).toBe('checkpoint');
    expect(pageOf('https://www.facebook.com/watch/live')).toBeNull();
  });

  it('clicks Add friend (any case) and counts it done only once the label flips', async () => {
    const doc = page(
      'https://www.facebook.com/anna',
      `<h1>Anna</h1><div role="button" aria-label="Add Friend"><span>Add Friend</span></div>`,
    );
    const btn = doc.querySelector('[role=button]') as HTMLElement;
    btn.addEventListener('click', () =>
      setTimeout(() => btn.setAttribute('aria-label', 'Cancel request'), 20),
    );
    const step: AdapterStep = { kind: 'friendRequest', profileUrl: 'https://www.facebook.com/anna' };
    expect(await facebookAdapter.run(doc, step, env())).toEqual({ status: 'acted', inPlace: true });
    expect(await facebookAdapter.run(doc, step, env())).toEqual({
      status: 'done',
      observed: { hasMessageButton: false },
    });
  });

  it('follows once the label flips to Following, and fails plainly with a table that has no Follow label', async () => {
    const doc = page(
      'https://www.facebook.com/anna',
      `<h1>Anna</h1><div role="button" aria-label="Add friend">Add friend</div><div role="button" aria-label="Follow"><span>Follow</span></div>`,
    );
    const follow = doc.querySelectorAll('[role=button]')[1] as HTMLElement;
    follow.addEventListener('click', () =>
      setTimeout(() => follow.setAttribute('aria-label', 'Following'), 20),
    );
    const step: AdapterStep = { kind: 'follow', profileUrl: 'https://www.facebook.com/anna' };
    expect(await facebookAdapter.run(doc, step, env())).toEqual({ status: 'acted', inPlace: true });
    expect(await facebookAdapter.run(doc, step, env())).toEqual({
      status: 'done',
      observed: { hasMessageButton: false },
    });
    // A table published before follows: the locator finds nothing, nothing is clicked.
    const en = DEFAULT_FACEBOOK_LOCATORS.languages.en;
    if (!en) throw new Error('no English labels');
    const { follow: _f, following: _g, ...older } = en.buttons;
    const fresh = page(
      'https://www.facebook.com/anna',
      `<h1>Anna</h1><div role="button" aria-label="Follow">Follow</div>`,
    );
    const oldEnv = {
      ...env(),
      locators: { ...DEFAULT_FACEBOOK_LOCATORS, languages: { en: { ...en, buttons: older } } },
    };
    expect(await facebookAdapter.run(fresh, step, oldEnv)).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('buttons.follow'),
    });
  });

  it('stops on a block dialog after a click', async () => {
    const doc = page(
      'https://www.facebook.com/groups/3',
      `<h1>G</h1><div role="button" aria-label="Join group">Join group</div>`,
    );
    const btn = doc.querySelector('[role=button]') as HTMLElement;
    btn.addEventListener('click', () => {
      const d = doc.createElement('div');
      d.setAttribute('role', 'dialog');
      d.textContent = "You're Temporarily Blocked. It looks like you were going too fast.";
      doc.body.append(d);
    });
    expect(
      await facebookAdapter.run(
        doc,
        { kind: 'joinGroup', groupUrl: 'https://www.facebook.com/groups/3' },
        env(),
      ),
    ).toMatchObject({
      status: 'restricted',
      signal: 'RESTRICTION',
    });
  });

  it('reports a UI language without labels plainly and clicks nothing', async () => {
    const doc = page(
      'https://www.facebook.com/anna',
      `<h1>Anna</h1><div role="button" aria-label="Ajouter">Ajouter</div>`,
      'fr-FR',
    );
    let clicked = false;
    doc.querySelector('[role=button]')?.addEventListener('click', () => {
      clicked = true;
    });
    const inspection = facebookAdapter.inspect(doc, env());
    expect(inspection).toMatchObject({
      healthy: false,
      healthMessage: 'Facebook is set to fr; switch it to English or add its labels',
    });
    expect(
      await facebookAdapter.run(
        doc,
        { kind: 'friendRequest', profileUrl: 'https://www.facebook.com/anna' },
        env(),
      ),
    ).toEqual({
      status: 'failed',
      error: 'Facebook is set to fr; switch it to English or add its labels',
    });
    expect(clicked).toBe(false);
  });

  it('sends a redacted signature when a locator finds nothing', async () => {
    const doc = page(
      'https://www.facebook.com/groups/3',
      `<h1>Anna Berg's club</h1><div role="button" aria-label="Join community">Join community</div><div role="button" aria-label="Invite Anna Berg's club">x</div><div role="button" aria-label="12 members">12</div>`,
    );
    const result = await facebookAdapter.run(
      doc,
      { kind: 'joinGroup', groupUrl: 'https://www.facebook.com/groups/3' },
      env(),
    );
    expect(result).toMatchObject({
      status: 'failed',
      diagnostic: {
        locator: 'buttons.joinGroup',
        urlPattern: '/groups/<id>',
        lang: 'en',
        buttons: ['Join community'],
      },
    });
  });

  it('reads the checkpoint and the log-in page as restrictions', () => {
    expect(
      facebookAdapter.inspect(
        page('https://www.facebook.com/checkpoint/1/', '<h1>Your account has been locked</h1>'),
        env(),
      ).signal,
    ).toMatchObject({ signal: 'RESTRICTION' });
    expect(
      facebookAdapter.inspect(page('https://www.facebook.com/login/', '<form></form>'), env()).signal,
    ).toMatchObject({ signal: 'RESTRICTION' });
  });

  it('collects people from the JSON answers the page received', async () => {
    const doc = page('https://www.facebook.com/groups/3/members/', '<div role="list"></div>');
    const answers = [
      {
        data: {
          node: {
            new_members: {
              edges: [1, 2, 3].map((i) => ({
                node: { id: String(i), name: `P${i}`, url: `https://www.facebook.com/p${i}` },
              })),
            },
          },
        },
      },
    ];
    const result = await facebookAdapter.run(
      doc,
      {
        kind: 'collect',
        source: { kind: 'group', groupUrl: 'https://www.facebook.com/groups/3' },
        maxCount: 2,
      },
      env(answers),
    );
    expect(result).toEqual({
      status: 'done',
      collected: [
        { profileUrl: 'https://www.facebook.com/p1', name: 'P1', hasMessageButton: null },
        { profileUrl: 'https://www.facebook.com/p2', name: 'P2', hasMessageButton: null },
      ],
    });
  });
});
