import { z } from 'zod';
import { PERMISSIONS } from '../logic/roles.ts';
import { apiErrorSchema } from '../schemas/index.ts';
import { type EndpointGroup, type EndpointSpec, listEndpoints } from './endpoint.ts';

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), as the caller sends it or as the server answers. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    reused: 'inline',
  }) as JsonSchema;
  return rest;
}

/** OpenAPI parameters of a params or query schema: one per property when it is an object, else one free-form object. */
function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input');
  const properties = json.properties as Record<string, JsonSchema> | undefined;
  if (json.type === 'object' && properties) {
    const required = new Set((json.required as string[] | undefined) ?? []);
    return Object.entries(properties).map(([name, property]) => ({
      name,
      in: where,
      required: where === 'path' || required.has(name),
      schema: property,
      ...(typeof property.description === 'string' ? { description: property.description } : {}),
    }));
  }
  return [{ name: where, in: where, required: false, style: 'form', explode: true, schema: json }];
}

/** Whether an API key may call the endpoint (not the caller's own account, not a permission keys lack). */
function takesApiKey(endpoint: EndpointSpec): boolean {
  if (endpoint.apiKey === false) return false;
  return endpoint.permission === undefined || PERMISSIONS[endpoint.permission].apiKey;
}

function security(endpoint: EndpointSpec): JsonSchema[] | undefined {
  switch (endpoint.access) {
    case 'user':
      return [{ accessToken: [] }, { sessionCookie: [] }, ...(takesApiKey(endpoint) ? [{ apiKey: [] }] : [])];
    case 'optional':
      return [{}, { accessToken: [] }, { sessionCookie: [] }];
    case 'admin':
      return [{ adminToken: [] }];
    default:
      return [];
  }
}

function requestBody(endpoint: EndpointSpec): JsonSchema | undefined {
  if (!endpoint.body) return undefined;
  const fields = jsonSchema(endpoint.body, 'input');
  if (endpoint.multipart) {
    const properties = {
      ...((fields.properties as JsonSchema | undefined) ?? {}),
      file: { type: 'string', contentMediaType: 'text/csv' },
    };
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { ...fields, properties, required: [...((fields.required as string[]) ?? []), 'file'] },
        },
      },
    };
  }
  const content: JsonSchema = { 'application/json': { schema: fields } };
  if (endpoint.form) content['application/x-www-form-urlencoded'] = { schema: fields };
  return { required: true, content };
}

function responses(endpoint: EndpointSpec): JsonSchema {
  const status = String(endpoint.status ?? 200);
  const error = { $ref: '#/components/responses/Error' };
  const answers: JsonSchema = {};
  if (endpoint.response === null) answers[status] = { description: 'Done; no body.' };
  else if (endpoint.response === 'file') {
    const type = endpoint.fileType ?? 'application/octet-stream';
    answers[status] = {
      description: 'The file, as an attachment.',
      content: { [type]: { schema: { type: 'string', contentMediaType: type } } },
    };
  } else
    answers[status] = {
      description: 'Done.',
      content: { 'application/json': { schema: jsonSchema(endpoint.response, 'output') } },
    };
  const errors = new Set<number>(endpoint.errors ?? []);
  if (endpoint.params || endpoint.query || endpoint.body) errors.add(400);
  if (endpoint.access === 'user') errors.add(401);
  if (endpoint.access === 'admin' || endpoint.access === 'user') errors.add(403);
  if (endpoint.rateLimit) errors.add(429);
  for (const code of [...errors].sort()) answers[String(code)] = error;
  return answers;
}

/** Who may call an endpoint that needs a permission (shared/src/logic/roles.ts). */
function whoMay(permission: keyof typeof PERMISSIONS): string {
  const rule = PERMISSIONS[permission];
  const keys = rule.apiKey ? 'an API key of scope `read_write` too' : 'not with an API key';
  return `Needs the role ${rule.roles.join(' or ')} (${rule.label.toLowerCase()}); ${keys}.`;
}

/**
 * The OpenAPI 3.1 document of a contract: one operation per endpoint (operationId = its dotted name
 * in the table), JSON Schema 2020-12 from the zod schemas, the one error body, the three ways to
 * authenticate. Served at /api/openapi.json.
 */
export function openApiDocument(
  contract: EndpointGroup,
  info: { title: string; version: string },
): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const { name, endpoint } of listEndpoints(contract)) {
    const path = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const operation: JsonSchema = {
      operationId: name,
      summary: endpoint.summary,
      ...(endpoint.permission ? { description: whoMay(endpoint.permission) } : {}),
      tags: [name.split('.')[0]],
      security: security(endpoint),
      parameters: [...parameters(endpoint.params, 'path'), ...parameters(endpoint.query, 'query')],
      responses: responses(endpoint),
    };
    const body = requestBody(endpoint);
    if (body) operation.requestBody = body;
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.1',
    info: {
      ...info,
      description: [
        'The Reachly API. Every error answers `{"error": {"code", "message", "details"}}`; bad input is a 400 whose details are the validation issues, and changes nothing.',
        '',
        '## API keys',
        'An owner or admin makes a key on the Team page (`/team`). Send it as `Authorization: Bearer rk_…`: it answers the same routes as a session, within its organisation. A `read` key may only GET (a write answers 403); a revoked key answers 401 from the next request.',
        '',
        '```sh',
        'curl -H "Authorization: Bearer rk_…" https://reachly.example.com/api/collections',
        '```',
      ].join('\n'),
    },
    paths,
    components: {
      securitySchemes: {
        accessToken: {
          type: 'apiKey',
          in: 'header',
          name: 'authorization',
          description: 'The access token of a session (the desktop app and the extension send it).',
        },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'authjs.session-token' },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'rk_…',
          description:
            "An organisation's API key (`Authorization: Bearer rk_…`), made on the members page by an owner or admin. Scope `read` may only GET; scope `read_write` may also change data. A key acts with its maker's role, never on the caller's own account.",
        },
        adminToken: {
          type: 'apiKey',
          in: 'header',
          name: 'x-admin-token',
          description: "Only from the server's own machine (the admin tool).",
        },
      },
      responses: {
        Error: {
          description: 'The call failed; the body says why.',
          content: { 'application/json': { schema: jsonSchema(apiErrorSchema, 'output') } },
        },
      },
    },
  };
}
