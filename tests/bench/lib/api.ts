import {
  type ApiClient,
  type ClientInput,
  type ClientOutput,
  contract,
  createApiClient,
  type EndpointSpec,
  urlOf,
} from '@reachly/shared/contract';

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
   * A call of the contract whose answer is not checked against its schema: the input is typed as
   * `client.call`'s, but the benchmark client (on the same two cores as the server) spends no time
   * parsing what it measures the server answering. For the engine's claim loop alone.
   */
  async fast<E extends EndpointSpec>(endpoint: E, input: ClientInput<E>): Promise<ClientOutput<E>> {
    const body = (input as { body?: unknown }).body;
    const res = await fetch(urlOf(endpoint, input, this.url), {
      method: endpoint.method,
      headers: {
        authorization: this.token,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${endpoint.method} ${endpoint.path}: ${res.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : undefined) as ClientOutput<E>;
  }

  /** A new user and organisation; returns an Api acting as that user. */
  async register(email: string): Promise<{ api: Api; organizationId: number }> {
    const { user } = await this.client.call(contract.auth.register, {
      body: { email, password: 'bench-password-1' },
    });
    return { api: new Api(this.url, user.accessToken), organizationId: user.organizationId };
  }
}
