import { pipeline, Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Text, scripts, WebAssembly and the voice data compress well; images and audio do not. */
const COMPRESSIBLE =
  /^(text\/|application\/(javascript|json|manifest\+json|wasm|octet-stream)|image\/svg\+xml)/;

/** `br` when the client takes it, else `gzip`, else none (a `;q=0` refuses). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Set(
    acceptEncoding
      .toLowerCase()
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name?.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * Compresses a whole-file answer on the fly. Brotli at quality 4 costs about what gzip does
 * (the ~24 MB voice data in well under a second) and is far smaller than gzip; browsers keep
 * the hashed assets a year, so it is paid once per device. Ranges and 304s pass untouched.
 */
export function compressFile(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (!(payload instanceof Readable) || reply.statusCode !== 200 || request.headers.range) return payload;
  if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
  reply.header('vary', 'accept-encoding');
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;
  reply.removeHeader('content-length');
  reply.removeHeader('accept-ranges');
  reply.header('content-encoding', encoding);
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
      : createGzip({ level: 6 });
  // A client that goes away ends both streams; nothing else to report.
  return pipeline(payload, compressor, () => {});
}
