import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { hasBuiltApp } from './app-dir';
import { compressFile } from './compression';
import { notBuiltPage } from './not-built-page';
import {
  newStyleNonce,
  setPageHeaders,
  setServiceWorkerHeaders,
  setStaticHeaders,
  withStyleNonce,
} from './page-headers';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
/** No directory listings or index pages below `/`, no dotfiles. */
const SEND_BASE = { index: false, dotfiles: 'ignore', redirect: false } as const;
/** The app's service worker (client/src/sw), at the root so it may control every page. */
const SERVICE_WORKER_FILE = 'sw.js';

/**
 * The built app at `/` (the API stays under `/v1/`): `index.html` revalidated on every load,
 * `/assets/*` (hashed names) cached for a year, other files of the build (the favicon, icons,
 * `manifest.webmanifest`) revalidated, and the service worker `/sw.js` revalidated with its own
 * policy and allowed the whole origin; anything else is 404, never the app. Every route is open: the app pairs itself.
 * `appDir` null, or a folder without `index.html`, answers `/` with a page saying how to build it.
 */
export function appRoutes(appDir: string | null): FastifyPluginAsync {
  return async (app) => {
    await app.register(fastifyStatic, { serve: false });
    app.addHook('onSend', async (request, reply, payload) => compressFile(request, reply, payload));
    const open = { config: { auth: 'none' as const } };

    // index.html is read on every load (it is small, and a rebuild shows without a restart) to
    // carry this load's style nonce.
    const page = async (reply: FastifyReply) => {
      const nonce = newStyleNonce();
      setPageHeaders(reply, nonce);
      reply.type('text/html; charset=utf-8');
      if (!appDir || !hasBuiltApp(appDir)) return reply.send(notBuiltPage(appDir));
      return reply.send(withStyleNonce(await readFile(join(appDir, 'index.html'), 'utf8'), nonce));
    };

    app.get('/', open, (_request, reply) => page(reply));

    app.get('/assets/*', open, (request, reply) => {
      setStaticHeaders(reply);
      if (!hasBuiltApp(appDir)) return reply.callNotFound();
      const file = wildcardOf(request);
      if (file.endsWith('.data')) reply.type('application/octet-stream');
      return reply.sendFile(`assets/${file}`, appDir, { ...SEND_BASE, maxAge: YEAR_MS, immutable: true });
    });

    // Catches GETs no other route matches, `/v1/…` included: those stay the API's JSON 404.
    app.get('/*', open, (request, reply) => {
      const file = wildcardOf(request);
      if (file.startsWith('v1/') || !hasBuiltApp(appDir)) return reply.callNotFound();
      if (file === 'index.html') return page(reply);
      if (file === SERVICE_WORKER_FILE) setServiceWorkerHeaders(reply);
      else setStaticHeaders(reply);
      reply.header('cache-control', 'no-cache');
      if (file.endsWith('.html')) setPageHeaders(reply, newStyleNonce());
      return reply.sendFile(file, appDir, { ...SEND_BASE, cacheControl: false });
    });
  };
}

function wildcardOf(request: FastifyRequest): string {
  return (request.params as { '*': string })['*'];
}
