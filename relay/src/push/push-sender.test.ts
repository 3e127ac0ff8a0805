import { createECDH, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RefusedAddressError } from './guarded-connect';
import { PushBuildError, type PushSender, threadPushSender } from './push-sender';
import { wakeContent } from './push-wake';

// The reference RFC 8188 implementation: it decrypts here, as a phone would.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: string; privateKey: unknown; authSecret: Buffer }): Buffer;
};

const phoneKeys = createECDH('prime256v1');
phoneKeys.generateKeys();
const authSecret = randomBytes(16);
const received: { path: string; headers: Record<string, unknown>; body: Buffer }[] = [];
const service = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
    // A push service that never answers this path: the send waits until it is cancelled.
    if (request.url === '/stall') return;
    response.writeHead(request.url === '/gone' ? 410 : 201).end();
  });
});
let endpoint = '';
let sender: PushSender;

beforeAll(async () => {
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  // The local push service is on 127.0.0.1: the thread connects there only as an allowed origin.
  sender = threadPushSender({ allowedOrigins: [endpoint] });
});
afterAll(async () => {
  await sender.close();
  service.closeAllConnections();
  await new Promise<void>((resolve) => service.close(() => resolve()));
});

const subscription = (path: string) => ({
  endpoint: `${endpoint}${path}`,
  p256dh: phoneKeys.getPublicKey().toString('base64url'),
  auth: authSecret.toString('base64url'),
});

describe('threadPushSender', () => {
  const signal = new AbortController().signal;

  it('encrypts on its own thread pushes only the device opens, sends them signed, and says what came back', async () => {
    const answers = await Promise.all(
      ['evt-1', 'evt-2'].map((eventId) =>
        sender.send(
          { subscription: subscription('/phone'), content: wakeContent({ id: eventId, kind: 'ring' }) },
          'vapid t=token, k=key',
          signal,
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect(
      (
        await sender.send(
          { subscription: subscription('/gone'), content: wakeContent({ id: 'evt-3', kind: 'ring' }) },
          'vapid t=t, k=k',
          signal,
        )
      ).status,
    ).toBe(410);
    const opened = received
      .filter((push) => push.path === '/phone')
      .map((push) => {
        expect(push.headers).toMatchObject({
          authorization: 'vapid t=token, k=key',
          'content-encoding': 'aes128gcm',
        });
        return JSON.parse(
          ece.decrypt(push.body, { version: 'aes128gcm', privateKey: phoneKeys, authSecret }).toString(),
        );
      });
    expect(opened).toEqual(
      expect.arrayContaining([
        { id: 'evt-1', kind: 'ring' },
        { id: 'evt-2', kind: 'ring' },
      ]),
    );
  });

  it('refuses a subscription whose key is no P-256 point, and keeps sending for the others', async () => {
    const broken = { ...subscription('/phone'), p256dh: Buffer.alloc(65, 7).toString('base64url') };
    await expect(
      sender.send(
        { subscription: broken, content: wakeContent({ id: 'evt-4', kind: 'ring' }) },
        'vapid t=t, k=k',
        signal,
      ),
    ).rejects.toBeInstanceOf(PushBuildError);
    await expect(
      sender.send(
        { subscription: subscription('/phone'), content: wakeContent({ id: 'evt-5', kind: 'ring' }) },
        'vapid t=t, k=k',
        signal,
      ),
    ).resolves.toMatchObject({ status: 201 });
  });

  it('fails, for the queue to retry, a push whose push service cannot be reached', async () => {
    const nowhere = { ...subscription('/x'), endpoint: 'http://127.0.0.1:1/x' };
    await expect(
      sender.send(
        { subscription: nowhere, content: wakeContent({ id: 'evt-6', kind: 'ring' }) },
        'vapid t=t, k=k',
        signal,
      ),
    ).rejects.toThrow();
  });

  it('refuses, on its thread, a local push service the operator did not allow', async () => {
    const strict = threadPushSender();
    try {
      await expect(
        strict.send(
          { subscription: subscription('/phone'), content: wakeContent({ id: 'evt-7', kind: 'ring' }) },
          'vapid t=t, k=k',
          signal,
        ),
      ).rejects.toThrow(/refused to connect to 127\.0\.0\.1: a loopback address/);
      // Final, not a network failure: the queue does not try it again.
      await expect(
        strict.send(
          { subscription: subscription('/phone'), content: wakeContent({ id: 'evt-7', kind: 'ring' }) },
          'vapid t=t, k=k',
          signal,
        ),
      ).rejects.toBeInstanceOf(RefusedAddressError);
    } finally {
      await strict.close();
    }
  });

  it('gives up a send at once when its signal aborts, and when it closes', async () => {
    const cancelled = new AbortController();
    const stalled = sender.send(
      { subscription: subscription('/stall'), content: wakeContent({ id: 'evt-8', kind: 'ring' }) },
      'vapid t=t, k=k',
      cancelled.signal,
    );
    await until(() => received.some((push) => push.path === '/stall'));
    cancelled.abort();
    await expect(stalled).rejects.toThrow(/cancelled/);

    const closing = threadPushSender({ allowedOrigins: [endpoint] });
    const inFlight = closing.send(
      { subscription: subscription('/stall'), content: wakeContent({ id: 'evt-9', kind: 'ring' }) },
      'vapid t=t, k=k',
      signal,
    );
    await until(() => received.filter((push) => push.path === '/stall').length >= 2);
    const outcome = expect(inFlight).rejects.toThrow(/closed/);
    await closing.close();
    await outcome;
  });
});

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
