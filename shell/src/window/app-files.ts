import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { desktopContentSecurityPolicy, newStyleNonce, withStyleNonce } from './content-security-policy';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.txt': 'text/plain; charset=utf-8',
};
/** Anything else (the on-device voice's `.bin` data among them) is bytes; with nosniff it is never run. */
const BYTES = 'application/octet-stream';

/**
 * Serves the client build (`client/dist`) to the desktop window: what `protocol.handle('app')`
 * answers, and what a test serves over plain HTTP, so both see the same headers. Only the URL's
 * path is looked at (the scheme and host are the caller's business). HTML gets this load's style
 * nonce and the policy; a path that leaves `appDir` or names a dotfile is refused; a path with no
 * file answers `index.html` to a navigation (the app routes itself) and 404 to anything else.
 */
export function createAppFileHandler(appDir: string): (request: Request) => Promise<Response> {
  const root = resolve(appDir);
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return plain(405, 'Method not allowed', { allow: 'GET, HEAD' });
    }
    const file = fileOf(root, new URL(request.url).pathname);
    if (file === null) return plain(404, 'Not found');
    const head = request.method === 'HEAD';
    const found = await isFile(file);
    if (found && extname(file) !== '.html') return fileResponse(file, head);
    if (found) return page(file, head);
    if (isNavigation(request)) return page(resolve(root, 'index.html'), head);
    return plain(404, 'Not found');
  };
}

/** The file a URL path names inside `root`, or null when it would leave it or is hidden. */
function fileOf(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '..' || segment.startsWith('.'))) return null;
  const file = resolve(root, ...(segments.length === 0 ? ['index.html'] : segments));
  return file.startsWith(root + sep) ? file : null;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** A document load: Chromium marks it with Sec-Fetch headers; Accept covers callers that do not. */
function isNavigation(request: Request): boolean {
  const headers = request.headers;
  if (headers.get('sec-fetch-mode') === 'navigate' || headers.get('sec-fetch-dest') === 'document') {
    return true;
  }
  return (headers.get('accept') ?? '').includes('text/html');
}

async function page(file: string, head: boolean): Promise<Response> {
  let html: string;
  try {
    html = await readFile(file, 'utf8');
  } catch {
    return plain(503, 'The app is not built: run npm run build');
  }
  const nonce = newStyleNonce();
  return new Response(head ? null : withStyleNonce(html, nonce), {
    status: 200,
    headers: {
      ...STATIC_HEADERS,
      'content-type': CONTENT_TYPES['.html'] as string,
      'content-security-policy': desktopContentSecurityPolicy(nonce),
      'cache-control': 'no-cache',
    },
  });
}

function fileResponse(file: string, head: boolean): Response {
  // Streamed: the speech engine's data pack is several megabytes.
  const body = head ? null : (Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>);
  return new Response(body, {
    status: 200,
    headers: {
      ...STATIC_HEADERS,
      'content-type': CONTENT_TYPES[extname(file).toLowerCase()] ?? BYTES,
      'cache-control': 'no-cache',
    },
  });
}

/** On everything served: no MIME sniffing, no Referer leaking the page's URL. */
const STATIC_HEADERS = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };

function plain(status: number, text: string, extra: Record<string, string> = {}): Response {
  return new Response(text, {
    status,
    headers: { ...STATIC_HEADERS, 'content-type': 'text/plain; charset=utf-8', ...extra },
  });
}
