import type { FastifyReply } from 'fastify';

/**
 * The page holds the end-to-end key, so it runs only scripts, workers and styles of its own
 * origin: no inline script, no eval, no third-party origin. `connect-src` stays open to any
 * http(s) origin because the LLM and voice endpoints are chosen by the user at run time on the
 * device; the relay itself is `'self'`.
 */
export const APP_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // qr-scanner starts its decoder worker from a blob: URL where the browser has no BarcodeDetector.
  "worker-src 'self' blob:",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob: data:",
  "font-src 'self'",
  "connect-src 'self' http: https:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ');

/** On everything the app routes serve: no MIME sniffing, no Referer leaking the page's URL. */
export function setStaticHeaders(reply: FastifyReply): void {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'no-referrer');
}

/** On every HTML page: the policy above, and revalidated on every load so a new build shows. */
export function setPageHeaders(reply: FastifyReply): void {
  setStaticHeaders(reply);
  reply.header('content-security-policy', APP_CONTENT_SECURITY_POLICY);
  reply.header('cache-control', 'no-cache');
}
