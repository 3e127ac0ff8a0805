// A stand-in for Electron's `net.request` (ClientRequest) over node:http, for tests: it behaves
// as docs/api/client-request.md says, including the redirect modes, so code written against
// Electron's net can be run against real servers on 127.0.0.1 without a binary.
import { EventEmitter } from 'node:events';
import { request as httpRequest, type ClientRequest as NodeRequest } from 'node:http';
import type { NetClientRequest, NetRequest } from '../endpoint/net-request-fetch';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

class FakeClientRequest extends EventEmitter {
  private readonly headers: Record<string, string> = {};
  private readonly chunks: Buffer[] = [];
  private aborted = false;
  private started = false;
  private current: NodeRequest | null = null;
  private followCallback: (() => void) | null = null;

  constructor(private readonly options: Electron.ClientRequestConstructorOptions) {
    super();
    const url = new URL(options.url ?? '');
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new Error('ClientRequest only supports http: and https: protocols');
  }

  setHeader(name: string, value: string) {
    if (this.started) throw new Error("Can't set headers after they are sent");
    this.headers[name.toLowerCase()] = value;
  }

  write(chunk: string | Buffer) {
    this.chunks.push(Buffer.from(chunk));
    return true;
  }

  end(chunk?: string | Buffer) {
    if (chunk !== undefined) this.write(chunk);
    this.started = true;
    this.send(new URL(this.options.url ?? ''), (this.options.method ?? 'GET').toUpperCase(), this.chunks);
    return this;
  }

  abort() {
    if (this.aborted) return;
    this.aborted = true;
    this.current?.destroy();
    this.emit('abort');
  }

  followRedirect() {
    if (!this.followCallback) throw new Error('followRedirect() called, but was not waiting for a redirect');
    this.followCallback();
  }

  private send(url: URL, method: string, body: Buffer[]) {
    const payload = Buffer.concat(body);
    const req = httpRequest(url, { method, headers: { ...this.headers } }, (response) => {
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (!REDIRECTS.has(status) || location === undefined) {
        this.emit('response', response);
        return;
      }
      response.resume();
      this.redirect(
        url,
        method,
        payload,
        status,
        new URL(location, url),
        response.headersDistinct as Record<string, string[]>,
      );
    });
    this.current = req;
    req.on('error', (error) => {
      if (!this.aborted) this.emit('error', error);
    });
    req.end(payload.length > 0 ? payload : undefined);
  }

  /** Electron's modes: 'error' fails, 'manual' cancels unless followed synchronously, 'follow' goes on. */
  private redirect(
    from: URL,
    method: string,
    payload: Buffer,
    status: number,
    to: URL,
    headers: Record<string, string[]>,
  ) {
    const policy = this.options.redirect ?? 'follow';
    if (policy === 'error') {
      this.emit('error', new Error("Attempted to redirect, but redirect policy was 'error'"));
      return;
    }
    const newMethod =
      status === 303 || ((status === 301 || status === 302) && method === 'POST') ? 'GET' : method;
    let followed = policy === 'follow';
    this.followCallback = () => {
      followed = true;
    };
    try {
      this.emit('redirect', status, newMethod, to.href, headers);
    } finally {
      this.followCallback = null;
    }
    if (this.aborted) return;
    if (!followed) {
      this.emit('error', new Error('Redirect was cancelled'));
      return;
    }
    // The Fetch standard leaves Authorization behind on a redirect to another origin.
    if (to.origin !== from.origin) delete this.headers.authorization;
    this.send(to, newMethod, newMethod === method ? [payload] : []);
  }
}

/** `net.request` for tests; every request's URL is recorded in `urls`. */
export function fakeNetRequest(urls: string[] = []): NetRequest {
  return (options) => {
    urls.push(options.url ?? '');
    return new FakeClientRequest(options) as unknown as NetClientRequest;
  };
}
