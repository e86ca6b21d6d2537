/** The few API calls the benchmarks make, with the account's access token. */
export class Api {
  constructor(
    readonly url: string,
    readonly token = '',
  ) {}

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
    const { user } = await this.call<{ user: { accessToken: string; organizationId: number } }>(
      'POST',
      '/api/register',
      {
        email,
        password: 'bench-password-1',
      },
    );
    return { api: new Api(this.url, user.accessToken), organizationId: user.organizationId };
  }
}
