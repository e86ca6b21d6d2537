import { type ClientInput, type EndpointSpec, urlOf } from '@reachly/shared/contract';

/** An answer as the server sent it: status, headers, the parsed JSON body and its text. */
export interface HttpResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  json?: unknown;
  form?: Record<string, string>;
  /** A raw body with its own content-type header. */
  raw?: string;
  headers?: Record<string, string>;
}

/**
 * A fetch client with a cookie jar, for driving Auth.js as a browser would and for the requests the
 * contract's typed client cannot or should not send (a bad body, a cookie, a missing token, a header
 * or the text of the answer to read). Well-formed API calls go through `TestAccount.call`.
 */
export class HttpClient {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    /** Headers sent with every request (e.g. an Authorization token). */
    readonly defaultHeaders: Record<string, string> = {},
  ) {}

  async request<T = unknown>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<HttpResponse<T>> {
    const headers: Record<string, string> = { ...this.defaultHeaders, ...options.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | undefined = options.raw;
    if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    const res = await fetch(new URL(path, this.baseUrl), { method, headers, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    if (res.headers.get('content-type')?.includes('json') && text) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  /**
   * An endpoint of the contract called as the typed client would (its method, its path with the
   * params and query, the typed JSON body), answered raw: for a test that reads what the typed
   * client does not give (headers, the answer's text as sent, a cookie it set).
   */
  send<E extends EndpointSpec>(
    endpoint: E,
    input: ClientInput<E>,
    options: Omit<RequestOptions, 'json' | 'form' | 'raw'> = {},
  ) {
    const { body } = input as { body?: unknown };
    return this.request(endpoint.method, urlOf(endpoint, input), { ...options, json: body });
  }

  get<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('POST', path, options);
  }
  patch<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('PATCH', path, options);
  }
  delete<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }

  /** Signs in through Auth.js's endpoints as the page's auth client does (spec §7). */
  async signIn(email: string, password: string, { csrf = true } = {}) {
    const { body } = await this.get<{ csrfToken: string }>('/api/auth/csrf');
    const form: Record<string, string> = { email, password, callbackUrl: '/', json: 'true' };
    if (csrf) form.csrfToken = body.csrfToken;
    const res = await this.post<{ url: string }>('/api/auth/callback/credentials', {
      form,
      headers: { 'X-Auth-Return-Redirect': '1' },
    });
    const url = typeof res.body?.url === 'string' ? new URL(res.body.url) : null;
    return { ...res, error: url?.searchParams.get('error') ?? null, url };
  }

  async signOut() {
    const { body } = await this.get<{ csrfToken: string }>('/api/auth/csrf');
    return this.post<{ url: string }>('/api/auth/signout', {
      form: { csrfToken: body.csrfToken, callbackUrl: '/', json: 'true' },
      headers: { 'X-Auth-Return-Redirect': '1' },
    });
  }
}
