/** A configured model or voice address: requests may go to its origin, under its path. */
export interface AllowedBase {
  origin: string;
  /** The base's path without a trailing slash ('' for the whole origin). */
  path: string;
}

/** Parses one configured base; null for anything but a plain http(s) URL. */
export function parseAllowedBase(raw: string): AllowedBase | null {
  const url = parseEndpointUrl(raw);
  if (!url) return null;
  return { origin: url.origin, path: url.pathname.replace(/\/+$/, '') };
}

/** An http(s) URL without credentials in it, or null. */
export function parseEndpointUrl(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // user:password@host would send credentials the settings never showed as such.
  if (url.username !== '' || url.password !== '') return null;
  return url;
}

/**
 * True when `url` is under one of `bases`: same scheme, host and port, and a path at or below
 * the base's at a segment boundary (`/v1` covers `/v1/chat`, not `/v10`). The URL parser has
 * already resolved `..` segments, so `/v1/../admin` is `/admin` here.
 */
export function isUnderAllowedBase(url: URL, bases: readonly AllowedBase[]): boolean {
  return bases.some(
    (base) =>
      base.origin === url.origin &&
      (base.path === '' || url.pathname === base.path || url.pathname.startsWith(`${base.path}/`)),
  );
}
