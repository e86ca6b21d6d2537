import { type ApiClient, contract, createApiClient } from '@reachly/shared/contract';

/** A user of the benchmarked server: the contract's typed client with the account's access token. */
export class Api {
  /** `api.client.call(contract.collections.create, {body})` as this user; `api.client.urlOf(...)` for autocannon. */
  readonly client: ApiClient;

  constructor(
    readonly url: string,
    readonly token = '',
  ) {
    this.client = createApiClient({ baseUrl: url, headers: () => ({ authorization: token }) });
  }

  /**
   * A call by method and path, answered untyped: left for engine.ts alone, whose move to `client` is
   * another change; every other benchmark calls through `client`.
   */
  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(new URL(path, this.url), {
      method,
      headers: {
        authorization: this.token,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  /** A new user and organisation; returns an Api acting as that user. */
  async register(email: string): Promise<{ api: Api; organizationId: number }> {
    const { user } = await this.client.call(contract.auth.register, {
      body: { email, password: 'bench-password-1' },
    });
    return { api: new Api(this.url, user.accessToken), organizationId: user.organizationId };
  }
}
