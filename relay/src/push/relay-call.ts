import type { RunningRelay } from '../start-relay';

/** For tests: one JSON request to a running relay, its answer parsed (null when empty); throws on an error status. */
export async function relayCall<T>(
  relay: Pick<RunningRelay, 'url'>,
  method: string,
  path: string,
  body?: object,
  token?: string,
): Promise<T> {
  const response = await fetch(`${relay.url}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}
