import { contract } from '@reachly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../src/config.ts';
import { callAs, startTestServer, type TestServer, uniqueEmail } from './helpers/test-server.ts';

/**
 * Issue 19, "plans page": the plans, prices and traffic packages come from configuration, each with
 * a link to the configured checkout carrying the item and the signed-in buyer; the support contact
 * too; no payment text is made up when none is configured.
 */
const PLANS = [
  { id: 'starter', name: 'Starter', price: '$29', period: 'month', features: ['2 profiles'] },
  { id: 'pro', name: 'Pro', price: '$79', period: 'month', description: 'For a team' },
];
const PACKAGES = [{ id: 'traffic-10', name: '10 GB', price: '$20' }];

let server: TestServer;
let bare: TestServer;
beforeAll(async () => {
  [server, bare] = await Promise.all([
    startTestServer({
      PLANS: JSON.stringify(PLANS),
      TRAFFIC_PACKAGES: JSON.stringify(PACKAGES),
      CHECKOUT_URL: 'https://pay.example.org/checkout?item={item}&email={email}&org={organization}',
      SUPPORT_CONTACT: 'help@example.org',
    }),
    startTestServer(),
  ]);
}, 180_000);
afterAll(async () => {
  await server?.close();
  await bare?.close();
});

describe('GET /api/plans', () => {
  it('answers the configured plans and packages, their checkout links and support, to a visitor', async () => {
    const offer = await server.call(contract.public.plans);
    expect(offer.plans).toEqual([
      {
        ...PLANS[0],
        checkoutUrl: 'https://pay.example.org/checkout?item=starter&email=&org=',
      },
      { ...PLANS[1], features: [], checkoutUrl: 'https://pay.example.org/checkout?item=pro&email=&org=' },
    ]);
    expect(offer.trafficPackages).toEqual([
      { ...PACKAGES[0], checkoutUrl: 'https://pay.example.org/checkout?item=traffic-10&email=&org=' },
    ]);
    expect(offer.support).toEqual({ text: 'help@example.org', href: 'mailto:help@example.org' });
  });

  it("fills the signed-in buyer's email and organisation into the checkout link", async () => {
    const email = uniqueEmail();
    const { user } = await server.call(contract.auth.register, { body: { email, password: 'password1' } });
    const offer = await callAs(server.url, { authorization: user.accessToken })(contract.public.plans);
    expect(offer.plans[1]?.checkoutUrl).toBe(
      `https://pay.example.org/checkout?item=pro&email=${encodeURIComponent(email)}&org=${user.organizationId}`,
    );
  });

  it('offers nothing and shows no payment text that was not configured', async () => {
    expect(await bare.call(contract.public.plans)).toEqual({ plans: [], trafficPackages: [], support: null });
    const { user } = await bare.call(contract.auth.register, {
      body: { email: uniqueEmail(), password: 'password1' },
    });
    expect(user.paymentTexts).toEqual([]);
  });
});

describe('the configuration', () => {
  it('takes a web address as the support contact and refuses what is neither', () => {
    expect(parseEnv({ SUPPORT_CONTACT: 'https://help.example.org' }).SUPPORT_CONTACT).toBe(
      'https://help.example.org',
    );
    expect(() => parseEnv({ SUPPORT_CONTACT: 'call us' })).toThrow(
      'Invalid environment variable SUPPORT_CONTACT: expected an email address or an http(s) URL',
    );
  });

  it('refuses plans that are not a JSON array of plans with unique ids', () => {
    expect(() => parseEnv({ PLANS: 'pro' })).toThrow(
      'Invalid environment variable PLANS: expected a JSON array',
    );
    expect(() => parseEnv({ PLANS: JSON.stringify([{ id: 'pro', name: 'Pro' }]) })).toThrow(ConfigError);
    expect(() => parseEnv({ PLANS: JSON.stringify([PLANS[0], PLANS[0]]) })).toThrow(
      'expected a JSON array of unique ids',
    );
    expect(parseEnv({}).PLANS).toEqual([]);
  });
});
