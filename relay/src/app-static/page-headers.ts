import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
/**
 * The page holds the end-to-end key, so it runs only scripts, workers and styles of its own
 * origin: no inline script, no eval, no third-party origin. `connect-src` stays open to any
 * http(s) origin because the LLM and voice endpoints are chosen by the user at run time on the
 * device; the relay itself is `'self'`.
 *
 * Styles also take `<style>` elements carrying this load's nonce: the dialogs' scroll lock adds
 * one at run time. Inline style attributes stay refused, so injected markup cannot style itself.
 */
export function appContentSecurityPolicy(styleNonce: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // The service worker (/sw.js); qr-scanner starts its decoder worker from a blob: URL where
    // the browser has no BarcodeDetector.
    "worker-src 'self' blob:",
    // The installable app's manifest (/manifest.webmanifest).
    "manifest-src 'self'",
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

/**
 * The service worker's own policy (a worker takes its policy from its script's response, not from
 * the page): it runs only its own code, fetches the app's files and the relay's calls (the relay
 * the device paired with, which may be another origin than the page), and loads nothing else.
 */
export function workerContentSecurityPolicy(): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "connect-src 'self' http: https:",
    "img-src 'self'",
  ].join('; ');
}

/** On the service worker: revalidated on every update check, allowed to control the whole origin. */
export function setServiceWorkerHeaders(reply: FastifyReply): void {
  setStaticHeaders(reply);
  reply.header('content-security-policy', workerContentSecurityPolicy());
  reply.header('service-worker-allowed', '/');
  reply.header('cache-control', 'no-cache');
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

/** On everything the app routes serve: no MIME sniffing, no Referer leaking the page's URL. */
export function setStaticHeaders(reply: FastifyReply): void {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'no-referrer');
}

/** On every HTML page: the policy above, and revalidated on every load so a new build shows. */
export function setPageHeaders(reply: FastifyReply, styleNonce: string): void {
  setStaticHeaders(reply);
  reply.header('content-security-policy', appContentSecurityPolicy(styleNonce));
  reply.header('cache-control', 'no-cache');
}
