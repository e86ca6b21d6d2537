import { contract, listEndpoints } from '@reachly/shared/contract';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

interface Operation {
  operationId: string;
  parameters: { name: string; in: string }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, unknown>;
}

describe('the API description generated from the contract', () => {
  it('serves a valid OpenAPI 3.1 document with one operation per endpoint of the contract', async () => {
    const res = await fetch(`${server.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const document = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, Operation>>;
    };
    expect(document.openapi).toMatch(/^3\.1\./);

    const validation = await new Validator().validate(document);
    expect(validation.errors ?? [], String(JSON.stringify(validation.errors)).slice(0, 1000)).toEqual([]);
    expect(validation.valid).toBe(true);

    const endpoints = listEndpoints(contract);
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
    expect(operations).toHaveLength(endpoints.length);
    for (const { name, endpoint } of endpoints) {
      const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[path]?.[endpoint.method.toLowerCase()];
      expect(operation?.operationId, `${endpoint.method} ${endpoint.path}`).toBe(name);
      expect(Object.keys(operation?.responses ?? {})).toContain(String(endpoint.status ?? 200));
    }
  });

  it('describes inputs as the server reads them: path params, query fields, JSON and multipart bodies', async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const logs = document.paths['/api/campaigns/{id}/logs']?.get;
    expect(logs?.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['path:id', 'query:lastId', 'query:limit']),
    );
    expect(Object.keys(document.paths['/api/campaigns']?.post?.requestBody?.content ?? {})).toEqual([
      'application/json',
    ]);
    expect(Object.keys(document.paths['/api/leads/import']?.post?.requestBody?.content ?? {})).toEqual([
      'multipart/form-data',
    ]);
  });

  it('serves the reference page and its assets from this server (no inline script, no other origin)', async () => {
    const page = await fetch(`${server.url}/api/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Reachly API reference');
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(body?.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attributes ?? '')?.[1] ?? '';
      expect(src.startsWith('/api/docs/')).toBe(true);
      const asset = await fetch(`${server.url}${src}`);
      expect(asset.status, src).toBe(200);
      expect(asset.headers.get('content-type')).toContain('javascript');
    }
    expect((await fetch(`${server.url}/api/docs/assets/swagger-ui.css`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/docs/assets/../../package.json`)).status).toBe(404);
  });
});

describe('the answers the server gives', () => {
  it('are the files the reference names: each CSV export answers the text/csv it documents', async () => {
    const account = await registerAccount(server, 'openapi-files');
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const exports = listEndpoints(contract).filter(({ endpoint }) => endpoint.fileType === 'text/csv');
    expect(exports.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['exports.leads', 'exports.conversations', 'exports.campaignResults']),
    );
    for (const { endpoint } of exports) {
      const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
      const answer = document.paths[path]?.get?.responses['200'] as { content: Record<string, unknown> };
      expect(Object.keys(answer.content), endpoint.path).toEqual(['text/csv']);
    }
    const res = await fetch(`${server.url}/api/exports/leads`, {
      headers: { authorization: account.accessToken },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')?.split(';')[0]).toBe('text/csv');
    await res.text();
    // A download without a named type stays an octet stream.
    const download = document.paths['/api/downloadApp']?.get?.responses['200'] as {
      content: Record<string, unknown>;
    };
    expect(Object.keys(download.content)).toEqual(['application/octet-stream']);
  });

  it('are checked against the contract under test (a typed call parses each with its schema)', async () => {
    const account = await registerAccount(server, 'openapi');
    expect(server.config.CHECK_ANSWERS).toBe(true);
    const user = await account.call(contract.user.get);
    expect(user.email).toBe(account.email);
    const created = await account.call(contract.collections.create, { body: { name: 'Contract' } });
    const list = await account.call(contract.collections.list);
    expect(list.map((c) => c.id)).toContain(created.id);
  });
});
