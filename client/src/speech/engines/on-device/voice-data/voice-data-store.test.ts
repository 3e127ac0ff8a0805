import { describe, expect, it } from 'vitest';
import { createVoiceDataStore, VOICE_DATA_CACHE } from './voice-data-store';

/** Cache Storage's parts the store uses, in memory (Node has Request/Response but no caches). */
function memoryCaches() {
  const caches = new Map<string, Map<string, Uint8Array<ArrayBuffer>>>();
  const open = async (name: string) => {
    const entries = caches.get(name) ?? new Map<string, Uint8Array<ArrayBuffer>>();
    caches.set(name, entries);
    return {
      match: async (url: string) => {
        const bytes = entries.get(url);
        return bytes ? new Response(bytes) : undefined;
      },
      put: async (url: string, response: Response) => {
        entries.set(url, new Uint8Array(await response.arrayBuffer()));
      },
      keys: async () => [...entries.keys()].map((url) => new Request(url)),
      delete: async (request: Request) => entries.delete(request.url),
    } as unknown as Cache;
  };
  return { caches, storage: { open } };
}

const ORIGIN = 'https://relay.example';

function fakeNetwork(files: Record<string, string>) {
  const fetched: string[] = [];
  const fetch = async (url: string) => {
    fetched.push(url);
    const body = files[new URL(url).pathname];
    return body === undefined ? new Response('missing', { status: 404 }) : new Response(body);
  };
  return { fetched, fetch };
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('the voice data store', () => {
  it('downloads a file the first time, and reads it from the device after that', async () => {
    const { caches, storage } = memoryCaches();
    const network = fakeNetwork({ '/v/en_dict-1.bin': 'ENGLISH' });
    const load = createVoiceDataStore({
      caches: storage,
      fetch: network.fetch,
      current: new Set(['/v/en_dict-1.bin']),
    });
    expect(text(await load(`${ORIGIN}/v/en_dict-1.bin`, 7))).toBe('ENGLISH');
    expect(text(await load(`${ORIGIN}/v/en_dict-1.bin`, 7))).toBe('ENGLISH');
    expect(network.fetched).toEqual([`${ORIGIN}/v/en_dict-1.bin`]);
    expect([...(caches.get(VOICE_DATA_CACHE)?.keys() ?? [])]).toEqual([`${ORIGIN}/v/en_dict-1.bin`]);
  });

  it('drops files of an older build when it keeps a new one', async () => {
    const { caches, storage } = memoryCaches();
    const old = createVoiceDataStore({
      caches: storage,
      fetch: fakeNetwork({ '/v/en_dict-1.bin': 'OLD' }).fetch,
      current: new Set(['/v/en_dict-1.bin']),
    });
    await old(`${ORIGIN}/v/en_dict-1.bin`, 3);
    const next = createVoiceDataStore({
      caches: storage,
      fetch: fakeNetwork({ '/v/en_dict-2.bin': 'NEW' }).fetch,
      current: new Set(['/v/en_dict-2.bin']),
    });
    await next(`${ORIGIN}/v/en_dict-2.bin`, 3);
    expect([...(caches.get(VOICE_DATA_CACHE)?.keys() ?? [])]).toEqual([`${ORIGIN}/v/en_dict-2.bin`]);
  });

  it('fails a download that the server refuses, and keeps nothing of it', async () => {
    const { caches, storage } = memoryCaches();
    const load = createVoiceDataStore({ caches: storage, fetch: fakeNetwork({}).fetch, current: new Set() });
    await expect(load(`${ORIGIN}/v/ru_dict-1.bin`, 5)).rejects.toThrow(/download failed \(404\)/);
    expect(caches.get(VOICE_DATA_CACHE)?.size ?? 0).toBe(0);
  });

  it('neither returns nor keeps a file of the wrong size, and replaces a kept one that is', async () => {
    const { caches, storage } = memoryCaches();
    const truncated = createVoiceDataStore({
      caches: storage,
      fetch: fakeNetwork({ '/v/en_dict-1.bin': 'ENGLI' }).fetch,
      current: new Set(['/v/en_dict-1.bin']),
    });
    await expect(truncated(`${ORIGIN}/v/en_dict-1.bin`, 7)).rejects.toThrow(/incomplete/);
    expect(caches.get(VOICE_DATA_CACHE)?.size ?? 0).toBe(0);

    await (await storage.open(VOICE_DATA_CACHE)).put(`${ORIGIN}/v/en_dict-1.bin`, new Response('ENG'));
    const network = fakeNetwork({ '/v/en_dict-1.bin': 'ENGLISH' });
    const load = createVoiceDataStore({
      caches: storage,
      fetch: network.fetch,
      current: new Set(['/v/en_dict-1.bin']),
    });
    expect(text(await load(`${ORIGIN}/v/en_dict-1.bin`, 7))).toBe('ENGLISH');
    expect(text(caches.get(VOICE_DATA_CACHE)?.get(`${ORIGIN}/v/en_dict-1.bin`) ?? new Uint8Array())).toBe(
      'ENGLISH',
    );
  });

  it('still speaks where Cache Storage is missing or refused', async () => {
    const network = fakeNetwork({ '/v/en_dict-1.bin': 'ENGLISH' });
    const refused = { open: () => Promise.reject(new Error('SecurityError')) };
    // Chromium's Cache Storage refuses a custom scheme such as the desktop app's app://.
    const schemeRefused = {
      open: async () =>
        ({
          match: () => Promise.reject(new TypeError('Request scheme is unsupported')),
          put: () => Promise.reject(new TypeError('Request scheme is unsupported')),
        }) as unknown as Cache,
    };
    for (const caches of [undefined, refused, schemeRefused]) {
      const load = createVoiceDataStore({ caches, fetch: network.fetch, current: new Set() });
      expect(text(await load(`${ORIGIN}/v/en_dict-1.bin`, 7))).toBe('ENGLISH');
    }
  });

  it('reports a download’s progress as it arrives, and has kept the file before handing it back', async () => {
    const { caches, storage } = memoryCaches();
    const chunks = ['RUS', 'SIAN', '-DICT'];
    const load = createVoiceDataStore({
      caches: storage,
      fetch: async () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
              controller.close();
            },
          }),
        ),
      current: new Set(['/v/ru_dict-1.bin']),
    });
    const progress: number[] = [];
    const bytes = await load(`${ORIGIN}/v/ru_dict-1.bin`, 12, (received) => progress.push(received));
    expect(text(bytes)).toBe('RUSSIAN-DICT');
    expect(progress).toEqual([0, 3, 7, 12]);
    // Kept already: a job that then times out (its worker ended) never downloads it again.
    expect(caches.get(VOICE_DATA_CACHE)?.has(`${ORIGIN}/v/ru_dict-1.bin`)).toBe(true);
  });
});
