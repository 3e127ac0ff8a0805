/** A stream of body bytes, as undici's `response.body` is. */
export type BodyStream = AsyncIterable<Uint8Array> & {
  destroy(error?: Error): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
};

/** Thrown when an answer is longer than the cap; the caller turns it into a TrackerRequestError. */
export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';
  readonly limit: number;

  constructor(limit: number) {
    super(`the answer is larger than ${limit} bytes`);
    this.limit = limit;
  }
}

/**
 * Reads a whole body as UTF-8, holding at most `limit` bytes: an answer that declares more, or
 * streams more, is refused as soon as that is known and the rest is never read (the stream is
 * destroyed, so undici drops the connection instead of draining it).
 */
export async function readCappedBody(
  body: BodyStream,
  limit: number,
  declaredLength?: string | string[],
): Promise<string> {
  const declared = Number(Array.isArray(declaredLength) ? declaredLength[0] : declaredLength);
  if (Number.isFinite(declared) && declared > limit) refuse(body, limit);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > limit) refuse(body, limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

function refuse(body: BodyStream, limit: number): never {
  // undici reports the abort as an 'error' event; it is the refusal itself, not a new failure.
  body.on('error', () => {});
  body.destroy();
  throw new BodyTooLargeError(limit);
}
