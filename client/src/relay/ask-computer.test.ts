import { Aad, type ComputerAnswerFrame, type SealingKey, sealingKeyFromText } from '@ringback/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AskComputerOptions, askComputer, type ComputerAnswerPiece } from './ask-computer';
import { RelayError } from './relay-error';
import { KEY, SERVER, TOKEN } from './test-support';

let key: SealingKey;
beforeAll(async () => {
  key = await sealingKeyFromText(KEY);
});

type Line =
  | { frame: ComputerAnswerFrame; seq?: number; sealedAt?: number }
  | { error: string }
  | { raw: string };

/** A relay stand-in: opens the request, then answers with the lines the test gives (frames sealed for it). */
function relayAnswering(lines: Line[], status = 200) {
  const seen: { url: string; requestId: string; plaintext: Record<string, unknown> }[] = [];
  const fetcher: typeof fetch = async (input, init) => {
    const body = JSON.parse(String(init?.body)) as { requestId: string; sealed: string };
    // Opened as the computer the URL names opens it: the request is sealed for that computer only.
    const daemonDeviceId = decodeURIComponent(
      /\/v1\/devices\/([^/]+)\/requests$/.exec(String(input))?.[1] ?? '',
    );
    const plaintext = JSON.parse(
      await key.open(body.sealed, Aad.computerRequest(daemonDeviceId, body.requestId)),
    );
    seen.push({ url: String(input), requestId: body.requestId, plaintext });
    if (status !== 200)
      return new Response(JSON.stringify({ error: 'device_offline', message: 'offline' }), { status });
    let text = '';
    let next = 0;
    for (const line of lines) {
      if ('raw' in line) text += `${line.raw}\n`;
      else if ('error' in line) text += `${JSON.stringify(line)}\n`;
      else {
        const seq = line.seq ?? next;
        const sealed = await key.seal(
          JSON.stringify(line.frame),
          Aad.computerAnswer(body.requestId, line.sealedAt ?? seq),
        );
        text += `${JSON.stringify({ seq, sealed })}\n`;
        next = seq + 1;
      }
    }
    return new Response(text, { status: 200, headers: { 'content-type': 'application/x-ndjson' } });
  };
  return { fetcher, seen };
}

async function collect(options: Partial<AskComputerOptions> & { fetch: typeof fetch }) {
  const pieces: ComputerAnswerPiece[] = [];
  try {
    for await (const piece of askComputer({
      server: `${SERVER}/`,
      token: TOKEN,
      daemonDeviceId: 'dev-laptop',
      key,
      request: { kind: 'model.answer', messages: [{ role: 'user', content: 'What broke?' }] },
      ...options,
    }))
      pieces.push(piece);
    return { pieces, error: null };
  } catch (error) {
    return { pieces, error: error as RelayError };
  }
}

describe('askComputer', () => {
  it('seals the request for its id and yields each piece in order until the sealed end', async () => {
    const relay = relayAnswering([
      { frame: { type: 'text', delta: 'The ' } },
      { frame: { type: 'text', delta: 'index.' } },
      { frame: { type: 'end' } },
    ]);
    const { pieces, error } = await collect({ fetch: relay.fetcher });
    expect(error).toBeNull();
    expect(pieces).toEqual([
      { type: 'text', delta: 'The ' },
      { type: 'text', delta: 'index.' },
    ]);
    expect(relay.seen[0]?.url).toBe(`${SERVER}/v1/devices/dev-laptop/requests`);
    expect(relay.seen[0]?.plaintext).toMatchObject({ kind: 'model.answer', issuedAt: expect.any(Number) });
  });

  it('fails on what the relay could have done to the answer: cut short, reordered, moved', async () => {
    const cut = await collect({ fetch: relayAnswering([{ frame: { type: 'text', delta: 'x' } }]).fetcher });
    expect([cut.pieces.length, cut.error?.code]).toEqual([1, 'cut_short']);
    const reordered = await collect({
      fetch: relayAnswering([{ frame: { type: 'text', delta: 'x' }, seq: 1 }]).fetcher,
    });
    expect(reordered.error?.code).toBe('invalid_response');
    const moved = await collect({
      fetch: relayAnswering([{ frame: { type: 'text', delta: 'x' }, seq: 0, sealedAt: 1 }]).fetcher,
    });
    expect(moved.error?.code).toBe('undecryptable_response');
    const garbage = await collect({ fetch: relayAnswering([{ raw: '{"nope":1}' }]).fetcher });
    expect(garbage.error?.code).toBe('invalid_response');
  });

  it("reports the relay's and the computer's failures with their codes", async () => {
    const offline = await collect({
      fetch: relayAnswering([{ frame: { type: 'text', delta: 'x' } }, { error: 'device_offline' }]).fetcher,
    });
    expect([offline.pieces.length, offline.error?.code]).toEqual([1, 'device_offline']);
    const refused = await collect({ fetch: relayAnswering([], 503).fetcher });
    expect(refused.error).toBeInstanceOf(RelayError);
    expect([refused.error?.status, refused.error?.code]).toEqual([503, 'device_offline']);
    const unset = await collect({
      fetch: relayAnswering([
        { frame: { type: 'error', error: 'speech_not_configured', message: 'no voice' } },
      ]).fetcher,
      request: { kind: 'speech.synthesize', text: 'Hi.', language: 'en-US' },
    });
    expect([unset.error?.code, unset.error?.message]).toEqual(['speech_not_configured', 'no voice']);
  });
});
