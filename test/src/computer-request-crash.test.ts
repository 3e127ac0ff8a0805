import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { askComputer, sealComputerRequest } from './support/computer-requests';
import { type DaemonProcess, startDaemonProcess } from './support/daemon-process';
import { startRelayProcess } from './support/relay-process';
import { sealSettingsRequest, sendSettingsRequest } from './support/relayed-settings';
import { daemonKeyOf } from './support/sealed-events';
import { makeDataDir, waitFor } from './support/temp-data-dir';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const RUNS = 50;
/** Where the computer is killed: while the request travels, the moment the paid call reaches the voice, after the first frame, after the end. */
const STEPS = ['sent', 'paid-call', 'first-frame', 'answered'] as const;
type Step = (typeof STEPS)[number];

/**
 * A paid voice endpoint that counts the calls it is paid for, by the sentence spoken, and tells
 * the test the moment one arrives (before it answers).
 */
async function startPaidVoice(onCall: (text: string) => void) {
  const calls = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { input } = JSON.parse(Buffer.concat(chunks).toString()) as { input: string };
      calls.set(input, (calls.get(input) ?? 0) + 1);
      onCall(input);
      response.writeHead(200, { 'content-type': 'audio/mpeg' });
      // A second of audio in pieces, so a kill can land mid-answer.
      let sent = 0;
      const timer = setInterval(() => {
        if (response.destroyed || sent === 5) {
          clearInterval(timer);
          response.end();
          return;
        }
        response.write(Buffer.alloc(1024, sent));
        sent += 1;
      }, 10);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a request to the computer runs at most once, across any crash', () => {
  it(`SIGKILLed at every step of a request, then sent the same request again: the paid call is made at most once (${RUNS} runs)`, async () => {
    let killAtPaidCall: string | null = null;
    let daemon: DaemonProcess | null = null;
    const voice = await startPaidVoice((text) => {
      if (text === killAtPaidCall) daemon?.child.kill('SIGKILL');
    });
    cleanups.push(voice.close);
    const relay = await startRelayProcess();
    cleanups.push(() => relay.kill());
    const computer = await relay.createAccount('daemon', 'Laptop');
    const phone = await relay.pair(computer, 'app', 'Phone');
    const dataDir = await makeDataDir({
      config: {
        server: { url: relay.url },
        speech: { baseUrl: voice.url, apiKey: 'sk-voice', model: 'tts-1', voice: 'alloy', format: 'mp3' },
      },
      deviceToken: computer.deviceToken,
    });
    const start = async () => {
      daemon = await startDaemonProcess(dataDir);
      // The link is up once a settings request (never refused after a crash) comes back.
      await waitFor(
        async () =>
          (
            await sendSettingsRequest(
              relay.url,
              phone.deviceToken,
              computer.deviceId,
              await sealSettingsRequest(key, computer.deviceId, { method: 'GET', path: '/status' }),
              key,
            )
          ).status === 200,
        30_000,
        'the daemon link',
      );
    };
    cleanups.push(async () => daemon?.kill('SIGTERM'));
    daemon = await startDaemonProcess(dataDir);
    const key = await daemonKeyOf(dataDir);
    await daemon.kill('SIGTERM');
    await start();

    const outcomes: Record<Step, { ran: number; refused: number }> = {
      sent: { ran: 0, refused: 0 },
      'paid-call': { ran: 0, refused: 0 },
      'first-frame': { ran: 0, refused: 0 },
      answered: { ran: 0, refused: 0 },
    };
    for (let run = 0; run < RUNS; run += 1) {
      const step = STEPS[run % STEPS.length] as Step;
      const text = `sentence ${run}`;
      const request = await sealComputerRequest(key, computer.deviceId, {
        kind: 'speech.synthesize',
        text,
        language: 'en',
      });
      const running = daemon as DaemonProcess | null;
      if (!running) throw new Error('no daemon');
      killAtPaidCall = step === 'paid-call' ? text : null;
      const hangUp = new AbortController();
      const asked = askComputer(relay.url, phone.deviceToken, computer.deviceId, request, key, {
        signal: hangUp.signal,
        onFrame: () => {
          if (step === 'first-frame') running.child.kill('SIGKILL');
        },
      }).catch(() => null);
      if (step === 'sent') {
        // Somewhere between the request leaving the phone and the paid call: 0 to 30 ms.
        await new Promise((resolve) => setTimeout(resolve, run % 31));
        running.child.kill('SIGKILL');
      }
      await asked;
      await running.kill('SIGKILL');
      await start();

      // The relay (or anyone holding the sealed request) sends it again.
      const replay = await askComputer(relay.url, phone.deviceToken, computer.deviceId, request, key);
      const calls = voice.calls.get(text) ?? 0;
      expect(
        calls,
        `run ${run}, killed at ${step}: the paid call was made ${calls} times`,
      ).toBeLessThanOrEqual(1);
      const refused = replay.frames.at(-1)?.type === 'error' || replay.error !== undefined;
      outcomes[step][refused ? 'refused' : 'ran'] += 1;
    }
    // Killed once the paid call was made, the replay never runs.
    expect(outcomes['paid-call'].ran + outcomes['first-frame'].ran + outcomes.answered.ran).toBe(0);
  }, 900_000);
});
