import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ANSWER_NONCE_HEADER,
  HOOK_SECRET_FILE,
  newNonce,
  SEALED_REQUEST_TYPE,
  sealPermissionRequest,
} from '@ringback/daemon';
import {
  Aad,
  type DeviceCredentials,
  open,
  type PermissionDecisionPlaintext,
  type PermissionEventPlaintext,
  type PermissionRequestDetails,
  type RelayedEvent,
  type ReplyState,
  seal,
} from '@ringback/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { startDaemonProcess } from './support/daemon-process';
import { type RelayAndComputer, startRelayAndComputer } from './support/relay-and-computer';
import { startRelayProcess } from './support/relay-process';
import { answerCall, relayRequest } from './support/relay-requests';
import { openRelayStream } from './support/sse-stream';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const REQUEST: PermissionRequestDetails = {
  source: 'claude-code',
  sessionId: 'sess-1',
  cwd: '/work/billing-api',
  toolName: 'Bash',
  action: 'command',
  subject: 'npm publish',
  description: 'Publish the package',
  resumed: false,
};

/** The user said they are away (`ringback away on`): nothing else tells this machine. */
async function world(away: 'on' | 'off' = 'on') {
  const setup: RelayAndComputer = await startRelayAndComputer({ config: { permissionCalls: { away } } });
  cleanups.push(() => setup.close());
  const phone = await setup.relay.pair(setup.computer, 'app', 'Phone');
  return { ...setup, phone };
}

/** The agent's hook: seals the request under the daemon's answer key, hands it over and waits on it. */
async function hookAsks(daemonUrl: string, dataDir: string, signal?: AbortSignal) {
  const answerKey = Buffer.from((await readFile(join(dataDir, HOOK_SECRET_FILE), 'utf8')).trim(), 'hex');
  const nonce = newNonce();
  return fetch(`${daemonUrl}/permission-request?agent=claude-code`, {
    method: 'POST',
    headers: { 'content-type': SEALED_REQUEST_TYPE, [ANSWER_NONCE_HEADER]: nonce },
    body: sealPermissionRequest(answerKey, nonce, 'claude-code', JSON.stringify(REQUEST)),
    ...(signal ? { signal } : {}),
  });
}

/** The call ringing on the phone, opened as the app opens it. */
async function ringingCall(relayUrl: string, phone: DeviceCredentials, key: string) {
  let event: RelayedEvent | undefined;
  await expect
    .poll(async () => {
      const pending = await relayRequest<{ events: RelayedEvent[] }>(
        relayUrl,
        phone.deviceToken,
        'GET',
        '/v1/events/pending',
      );
      event = pending.body.events[0];
      return event !== undefined;
    })
    .toBe(true);
  if (!event?.sealed) throw new Error('no call ringing');
  const call: PermissionEventPlaintext = JSON.parse(await open(key, event.sealed, Aad.report(event.eventId)));
  return { event, call };
}

async function sealedDecision(key: string, call: PermissionEventPlaintext, behavior: 'allow' | 'deny') {
  const decision: PermissionDecisionPlaintext = {
    kind: 'permission-decision',
    eventId: call.eventId,
    requestId: call.requestId,
    behavior,
    via: 'tap',
    deviceName: 'Phone',
    decidedAt: Date.now(),
  };
  return seal(key, JSON.stringify(decision), Aad.permissionDecision(call.eventId, call.requestId));
}

describe('permission calls through a real relay', () => {
  it("ring as a sealed call naming this computer, and the phone's allow reaches the waiting hook", async () => {
    const { relay, daemon, computer, phone, key, dataDir } = await world();
    const started = Date.now();
    const answer = hookAsks(daemon.url, dataDir);
    const { event, call } = await ringingCall(relay.url, phone, key);
    const rang = Date.now() - started;
    expect(event).toMatchObject({ source: 'claude-code', status: 'pending' });
    expect(call).toMatchObject({
      kind: 'permission',
      computer: { deviceId: computer.deviceId, name: 'Laptop' },
      language: 'en-US',
      request: REQUEST,
    });

    await answerCall(relay.url, phone.deviceToken, event.eventId);
    const sealed = await sealedDecision(key, call, 'allow');
    const posted = await relayRequest<ReplyState>(
      relay.url,
      phone.deviceToken,
      'POST',
      `/v1/events/${event.eventId}/replies`,
      { replyId: 'r-allow', sealed },
    );
    expect(posted.status).toBe(201);
    const hook = await answer;
    expect([hook.status, await hook.json()]).toEqual([
      200,
      { decision: { behavior: 'allow' }, reason: 'decided' },
    ]);
    await expect
      .poll(
        async () =>
          (
            await relayRequest<ReplyState>(
              relay.url,
              phone.deviceToken,
              'POST',
              `/v1/events/${event.eventId}/replies`,
              {
                replyId: 'r-allow',
                sealed,
              },
            )
          ).body.status,
      )
      .toBe('delivered');

    // A second request, the computer's identity known by now: how soon it rings.
    const again = Date.now();
    const second = hookAsks(daemon.url, dataDir);
    await expect
      .poll(
        async () => {
          const pending = await relayRequest<{ events: RelayedEvent[] }>(
            relay.url,
            phone.deviceToken,
            'GET',
            '/v1/events/pending',
            undefined,
          );
          return pending.body.events.length;
        },
        { interval: 10 },
      )
      .toBe(1);
    console.log(
      `permission call on the relay: first ${rang} ms, second ${Date.now() - again} ms after the hook asked (polled)`,
    );
    void second.catch(() => undefined);
  });

  it("tells the account's other devices who decided what: sealed for them, in the delivered reply frame", async () => {
    const { relay, daemon, computer, phone, key, dataDir } = await world();
    const tablet = await relay.pair(computer, 'app', 'Tablet');
    const tabletStream = await openRelayStream(relay.url, tablet.deviceToken);
    cleanups.push(async () => tabletStream.close());
    const answer = hookAsks(daemon.url, dataDir);
    const { event, call } = await ringingCall(relay.url, phone, key);
    await answerCall(relay.url, phone.deviceToken, event.eventId);
    const sealed = await sealedDecision(key, call, 'allow');
    await relayRequest(relay.url, phone.deviceToken, 'POST', `/v1/events/${event.eventId}/replies`, {
      replyId: 'r-allow',
      sealed,
    });
    const hook = (await (await answer).json()) as { decision: unknown };
    expect(hook.decision).toEqual({ behavior: 'allow' });

    let delivered: ReplyState | undefined;
    await expect
      .poll(() => {
        delivered = tabletStream.messages
          .filter((message) => message.event === 'reply')
          .map((message) => JSON.parse(message.data) as ReplyState)
          .find((reply) => reply.status === 'delivered');
        return delivered !== undefined;
      })
      .toBe(true);
    expect(delivered).toMatchObject({ eventId: event.eventId, replyId: 'r-allow', failure: null });
    // The relay holds only ciphertext; the tablet opens it for this reply.
    expect(delivered?.outcome).toMatch(/^e1\./);
    const outcome = JSON.parse(await open(key, delivered?.outcome ?? '', Aad.replyOutcome('r-allow')));
    expect(outcome).toEqual({
      kind: 'permission-outcome',
      eventId: event.eventId,
      behavior: 'allow',
      deviceName: 'Phone',
      decidedAt: expect.any(Number),
      // Spaces to a fixed size: the relay cannot tell an allow's outcome from a deny's by length.
      padding: expect.stringMatching(/^ +$/),
    });
    // The phone asking again after a reload reads the same.
    const again = await relayRequest<ReplyState>(
      relay.url,
      phone.deviceToken,
      'POST',
      `/v1/events/${event.eventId}/replies`,
      { replyId: 'r-allow', sealed },
    );
    expect(again.body).toMatchObject({ status: 'delivered', outcome: delivered?.outcome });
  });

  it('at the computer, answers the hook with no decision at once and rings nobody', async () => {
    const { relay, daemon, phone, dataDir } = await world('off');
    const hook = await hookAsks(daemon.url, dataDir);
    expect([hook.status, await hook.json()]).toEqual([200, { decision: null, reason: 'at_desk' }]);
    const pending = await relayRequest<{ events: RelayedEvent[] }>(
      relay.url,
      phone.deviceToken,
      'GET',
      '/v1/events/pending',
    );
    expect(pending.body.events).toEqual([]);
  });

  it('ends the call completed by the computer when the hook goes away; a decision after that is refused', async () => {
    const { relay, daemon, computer, phone, key, dataDir } = await world();
    const hook = new AbortController();
    const answer = hookAsks(daemon.url, dataDir, hook.signal).catch((error: Error) => error.name);
    const { event, call } = await ringingCall(relay.url, phone, key);
    hook.abort();
    expect(await answer).toBe('AbortError');

    await expect
      .poll(
        async () =>
          (
            await relayRequest<RelayedEvent>(
              relay.url,
              phone.deviceToken,
              'GET',
              `/v1/events/${event.eventId}`,
            )
          ).body,
      )
      .toMatchObject({
        status: 'completed',
        sealed: null,
        handledBy: { deviceId: computer.deviceId, name: 'Laptop' },
      });

    const answered = await relayRequest(
      relay.url,
      phone.deviceToken,
      'POST',
      `/v1/events/${event.eventId}/status`,
      {
        status: 'answered',
      },
    );
    expect(answered.status).toBe(409);
    const late = await relayRequest(
      relay.url,
      phone.deviceToken,
      'POST',
      `/v1/events/${event.eventId}/replies`,
      {
        replyId: 'r-late',
        sealed: await sealedDecision(key, call, 'allow'),
      },
    );
    expect(late.status).toBe(403);
  });

  it('ends the calls a killed daemon left ringing when it starts again, the relay down a while; a decision then is refused', async () => {
    const { relay, daemon, computer, phone, key, dataDir, home } = await world();
    const answer = hookAsks(daemon.url, dataDir).catch((error: Error) => error.message);
    const { event, call } = await ringingCall(relay.url, phone, key);
    // A crash: the hook's connection dies with the daemon, which ends nothing.
    await daemon.kill('SIGKILL');
    await answer;
    const relayPort = Number(new URL(relay.url).port);
    await relay.kill();

    // The daemon starts while the relay is down, and keeps trying.
    const restarted = await startDaemonProcess(dataDir, { HOME: home }, null);
    cleanups.push(() => restarted.kill('SIGTERM'));
    await expect
      .poll(() => restarted.output(), { timeout: 10_000 })
      .toMatch(new RegExp(`${event.eventId}: waited when the daemon stopped`));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const back = await startRelayProcess({}, { dataDir: relay.dataDir, port: relayPort });
    cleanups.push(() => back.kill());

    await expect
      .poll(
        async () =>
          (
            await relayRequest<RelayedEvent>(
              back.url,
              phone.deviceToken,
              'GET',
              `/v1/events/${event.eventId}`,
            )
          ).body,
        { timeout: 30_000, interval: 250 },
      )
      .toMatchObject({ status: 'completed', handledBy: { deviceId: computer.deviceId, name: 'Laptop' } });
    expect(restarted.output()).toMatch(new RegExp(`${event.eventId}: ended at the computer`));
    const late = await relayRequest(
      back.url,
      phone.deviceToken,
      'POST',
      `/v1/events/${event.eventId}/replies`,
      {
        replyId: 'r-late',
        sealed: await sealedDecision(key, call, 'allow'),
      },
    );
    expect(late.status).toBe(403);
  });
});
