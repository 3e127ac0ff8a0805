/**
 * The on-device voice's data files, kept in Cache Storage by the eSpeak NG worker itself: fetched
 * the first time a language is needed, read from the device after that (offline too). Done here,
 * not by a service worker route, because on a first visit no service worker controls the page yet
 * and what it fetched then would never be kept.
 */

/** The Cache Storage cache holding the voice data this device has used. */
export const VOICE_DATA_CACHE = 'ringback-voice-data';

export interface VoiceDataStoreOptions {
  /** Absent where the page may not use Cache Storage (then every load downloads again). */
  readonly caches?: Pick<CacheStorage, 'open'> | undefined;
  readonly fetch: (url: string) => Promise<Response>;
  /** Every voice data path of this build: files of older builds are dropped when a new one is kept. */
  readonly current: ReadonlySet<string>;
}

/**
 * A voice data file's bytes; `size` (from the layout) turns a truncated or stale file into an
 * error. `onProgress` is called as a download's bytes arrive (not for a file read from the
 * device). A completed download is kept before the bytes are handed back, so whatever happens to
 * the job after (a speech timeout that ends the worker) it is never downloaded again.
 */
export type VoiceDataStore = (
  url: string,
  size: number,
  onProgress?: (received: number) => void,
) => Promise<Uint8Array>;

/** The whole body, reporting each chunk as it arrives (where the response can be streamed). */
async function readBody(
  response: Response,
  onProgress?: (received: number) => void,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!onProgress || !response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress(received);
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

export function createVoiceDataStore(options: VoiceDataStoreOptions): VoiceDataStore {
  const open = async (): Promise<Cache | null> => {
    try {
      return (await options.caches?.open(VOICE_DATA_CACHE)) ?? null;
    } catch {
      return null; // storage refused (private mode, quota): the voice still works online
    }
  };
  const dropOlderBuilds = async (cache: Cache) => {
    for (const request of await cache.keys())
      if (!options.current.has(new URL(request.url).pathname)) await cache.delete(request);
  };
  return async (url, size, onProgress) => {
    const cache = await open();
    // The desktop app's app:// files cannot be kept (Cache Storage takes http(s) only): read each time.
    const cached = await cache?.match(url).catch(() => undefined);
    if (cached) {
      const bytes = new Uint8Array(await cached.arrayBuffer());
      if (bytes.length === size) return bytes;
    }
    const response = await options.fetch(url);
    if (!response.ok) throw new Error(`voice data download failed (${response.status})`);
    onProgress?.(0);
    const bytes = await readBody(response, onProgress);
    if (bytes.length !== size) throw new Error('voice data download was incomplete');
    if (cache) {
      try {
        await cache.put(
          url,
          new Response(bytes, { headers: { 'content-type': 'application/octet-stream' } }),
        );
        await dropOlderBuilds(cache);
      } catch {
        // Not kept (quota, a scheme Cache Storage refuses): spoken all the same, downloaded again next time.
      }
    }
    return bytes;
  };
}
