import { askComputer, sealComputerRequest, waitFor } from '@ringback/test';
import { type BenchComputer, startBenchComputer } from './bench-computer';
import { startInstantStreamLlm } from './instant-stream-llm';
import { percentile } from './support';

const ROUNDS = 200;
const WARM_UP = 20;
const ANSWER = ['The tests pass.', ' Two warnings remain in the build log.', ' Nothing else needs you.'];
const MESSAGES = [
  { role: 'system' as const, content: 'Answer the question about the call in two sentences.' },
  { role: 'user' as const, content: 'Did the nightly build pass?' },
];

/** ms to the first content piece of a streamed chat completion, read straight from the endpoint. */
async function firstPieceDirect(baseUrl: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk-bench', 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'instant', messages: MESSAGES, stream: true }),
  });
  const decoder = new TextDecoder();
  let text = '';
  let first: number | null = null;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true });
    if (first === null && text.includes('"content"')) first = performance.now() - started;
  }
  if (first === null) throw new Error('the model streamed no content');
  return first;
}

function line(label: string, values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `  ${label.padEnd(34)} p50 ${percentile(sorted, 50).toFixed(2).padStart(7)} ms   p99 ${percentile(sorted, 99).toFixed(2).padStart(7)} ms`;
}

/**
 * Time to the first piece of a model's answer with an instant fake model: asked directly (the
 * device calls the endpoint) and through the computer (sealed request → relay → daemon → model,
 * sealed first frame back), both real processes on loopback.
 */
export async function benchComputerRequests(): Promise<void> {
  const llm = await startInstantStreamLlm(ANSWER);
  let computer: BenchComputer | null = null;
  try {
    computer = await startBenchComputer({
      llm: { primary: { baseUrl: llm.baseUrl, apiKey: 'sk-bench', model: 'instant' } },
    });
    const { relayUrl, phoneToken, daemonDeviceId, key } = computer;
    const throughComputer = async (): Promise<number> => {
      const request = await sealComputerRequest(key, daemonDeviceId, {
        kind: 'model.answer',
        messages: MESSAGES,
      });
      const answer = await askComputer(relayUrl, phoneToken, daemonDeviceId, request, key);
      if (answer.firstFrameMs === null || answer.frames.at(-1)?.type !== 'end')
        throw new Error(`the computer answered ${answer.status} ${answer.error ?? ''}`);
      return answer.firstFrameMs;
    };
    await waitFor(
      async () => (await throughComputer().catch(() => null)) !== null,
      10_000,
      'the daemon link',
    );

    const direct: number[] = [];
    const relayed: number[] = [];
    for (let round = 0; round < WARM_UP + ROUNDS; round += 1) {
      // Interleaved, so drift in the machine's load hits both paths alike.
      const a = await firstPieceDirect(llm.baseUrl);
      const b = await throughComputer();
      if (round >= WARM_UP) {
        direct.push(a);
        relayed.push(b);
      }
    }
    console.log(`\nTime to the first piece of a model answer (instant fake model, ${ROUNDS} rounds)`);
    console.log(line('directly from the endpoint', direct));
    console.log(line('through the computer, via relay', relayed));
    const added = (p: number) =>
      percentile(
        [...relayed].sort((x, y) => x - y),
        p,
      ) -
      percentile(
        [...direct].sort((x, y) => x - y),
        p,
      );
    console.log(
      `  the relay path adds ${added(50).toFixed(2)} ms at p50, ${added(99).toFixed(2)} ms at p99 (goal: ≤ 50 ms at p99)`,
    );
  } finally {
    await computer?.close();
    await llm.close();
  }
}
