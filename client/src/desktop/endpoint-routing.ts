import type { DesktopBridge } from '@ringback/protocol';
import { createBridgeFetch } from './bridge-fetch';

/** `url` lies under `base`: same scheme, host and port, and the base's path at a segment boundary. */
export function isUnder(url: string, base: string): boolean {
  let target: URL;
  let root: URL;
  try {
    target = new URL(url);
    root = new URL(base);
  } catch {
    return false;
  }
  if (target.origin !== root.origin) return false;
  const prefix = root.pathname.replace(/\/+$/, '');
  return prefix === '' || target.pathname === prefix || target.pathname.startsWith(`${prefix}/`);
}

/**
 * Which requests main makes for the page: those under the endpoints the user configured (told to
 * main as its allow list, which main enforces again). Everything else, the app's own files first,
 * goes through the page's own fetch as in the web build.
 */
export interface EndpointRouting {
  /** The configured endpoints now (relay, model, voices); main's allow list follows. */
  configure(bases: string[]): Promise<void>;
  /** Endpoints being tried before they are saved (a model's "Test", a voice's preview): allowed too until replaced. */
  tryOut(bases: string[]): Promise<void>;
  fetch: typeof fetch;
}

const MAIN_METHODS = new Set(['GET', 'POST', 'PUT']);

export function createEndpointRouting(
  bridge: Pick<DesktopBridge, 'endpoint'> | null,
  pageFetch: typeof fetch = (input, init) => globalThis.fetch(input, init),
): EndpointRouting {
  let configured: string[] = [];
  let trying: string[] = [];
  const bridgeFetch = bridge ? createBridgeFetch(bridge.endpoint) : null;
  const bases = () => [...new Set([...configured, ...trying])];
  const send = async () => {
    await bridge?.endpoint.allow(bases());
  };
  return {
    async configure(next) {
      configured = [...new Set(next)];
      await send();
    },
    async tryOut(next) {
      const allowed = bases();
      if (!bridge || next.every((base) => allowed.some((known) => isUnder(base, known)))) return;
      trying = [...new Set(next)];
      await send();
    },
    fetch(input, init) {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      // Main sends GET, POST and PUT (EndpointRequest); a HEAD probe in no-cors mode, PATCH and
      // DELETE stay the page's own.
      if (bridgeFetch && MAIN_METHODS.has(method) && bases().some((base) => isUnder(url, base)))
        return bridgeFetch(input, init);
      return pageFetch(input, init);
    },
  };
}
