/** A tiny cookie-keeping HTTP client for tests: it acts like a browser that does not follow redirects. */
export function browser(baseUrl: string) {
  const cookies = new Map<string, string>();
  function keep(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
  }
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  async function request(method: string, path: string, form?: Record<string, string>) {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        cookie: cookieHeader(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : null,
    });
    keep(res);
    return { status: res.status, location: res.headers.get('location'), html: await res.text() };
  }
  return {
    get: (path: string) => request('GET', path),
    post: (path: string, form: Record<string, string> = {}) => request('POST', path, form),
    async logIn(login: string, password: string) {
      return request('POST', '/login', { login, password });
    },
  };
}
