/** Endpoint paths people paste along with the base address; the SDK adds them itself. */
const ENDPOINT_SUFFIX = /\/(chat\/completions|completions|responses|models|embeddings|audio\/speech)$/i;

/** Hosts that are normally served over plain http: this machine and private networks. */
function isLocalHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name.endsWith('.local') ||
    name === '::1' ||
    name === '0.0.0.0' ||
    /^127\./.test(name) ||
    /^10\./.test(name) ||
    /^192\.168\./.test(name) ||
    /^169\.254\./.test(name) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(name)
  );
}

function hostOf(withoutScheme: string): string {
  const authority = withoutScheme.split(/[/?#]/, 1)[0] ?? '';
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':', 1)[0] ?? '');
}

/**
 * The base address the OpenAI SDK (and the daemon, which takes any http(s) address as given) expects:
 * - a missing scheme becomes https, or http for localhost and private-network hosts;
 * - query, fragment, credentials and trailing slashes go;
 * - an endpoint path pasted by mistake (`/chat/completions`, `/models`, …) is stripped;
 * - a bare host gets `/v1` (api.openai.com → https://api.openai.com/v1); any other path is kept
 *   (`/api/v1`, `/v1beta/openai`, …) since providers put their API under many prefixes.
 * Null when it is not an http(s) address at all.
 */
export function normalizeBaseUrl(input: string): string | null {
  let text = input.trim();
  if (text === '') return null;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    const bare = text.replace(/^\/+/, '');
    text = `${isLocalHost(hostOf(bare)) ? 'http' : 'https'}://${bare}`;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null;
  let path = url.pathname.replace(/\/+$/, '');
  path = path.replace(ENDPOINT_SUFFIX, '').replace(/\/+$/, '');
  if (path === '') path = '/v1';
  return `${url.origin}${path}`;
}
