/** A stand-in for XMLHttpRequest that a test drives: upload progress, then an answer. */
export class FakeXhr {
  static instances: FakeXhr[] = [];
  static get last(): FakeXhr {
    const last = FakeXhr.instances.at(-1);
    if (!last) throw new Error('no request was sent');
    return last;
  }

  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  body: unknown = undefined;
  sent = false;
  aborted = false;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }
  send(body: unknown): void {
    this.body = body;
    this.sent = true;
  }
  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }

  progress(loaded: number, total: number, lengthComputable = true): void {
    this.upload.onprogress?.({ lengthComputable, loaded, total });
  }
  respond(status: number, body: unknown): void {
    this.status = status;
    this.statusText = status === 200 ? 'OK' : 'Error';
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
  fail(): void {
    this.onerror?.();
  }
}
