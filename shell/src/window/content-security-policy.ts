import { randomBytes } from 'node:crypto';

/**
 * The relay's page policy (relay/src/app-static/page-headers.ts `appContentSecurityPolicy`) less
 * what the desktop does not use: no `manifest-src` (the window is not an installable web app, and
 * the service worker is never registered). The page holds the end-to-end key, so it runs only its
 * own scripts, workers and styles. `connect-src` stays open to http(s) because the relay is
 * another origin than `app://ringback`, chosen by the user; model and voice endpoints go through
 * main instead (no CORS there).
 *
 * `<style>` elements carrying this load's nonce are allowed (the dialogs' scroll lock adds one);
 * inline style attributes stay refused.
 */
export function desktopContentSecurityPolicy(styleNonce: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // qr-scanner starts its decoder worker from a blob: URL where there is no BarcodeDetector.
    "worker-src 'self' blob:",
    `style-src 'self' 'nonce-${styleNonce}'`,
    "img-src 'self' data: blob:",
    "media-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self' http: https:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** A fresh nonce for each page load (128 bits, base64 as CSP wants it). */
export function newStyleNonce(): string {
  return randomBytes(16).toString('base64');
}

/** Tells the page's scripts this load's style nonce, in a `<meta>` at the end of `<head>`. */
export function withStyleNonce(html: string, nonce: string): string {
  const meta = `<meta name="ringback-style-nonce" content="${nonce}">`;
  return html.includes('</head>') ? html.replace('</head>', `${meta}</head>`) : `${meta}${html}`;
}
