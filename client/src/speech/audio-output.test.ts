import { describe, expect, it, vi } from 'vitest';
import { type AudioContextLike, createAudioOutput } from './audio-output';

function fakeContext(state = 'running') {
  const sources: {
    started: boolean;
    stopped: boolean;
    onended: (() => void) | null;
    connectedTo: unknown;
  }[] = [];
  const analyser = {
    fftSize: 0,
    connect: vi.fn(),
    getFloatTimeDomainData: (out: Float32Array) => out.fill(0.5),
  };
  const context = {
    state,
    destination: {} as AudioNode,
    resume: vi.fn(async () => {
      context.state = 'running';
    }),
    decodeAudioData: vi.fn(
      async (data: ArrayBuffer) => ({ length: data.byteLength }) as unknown as AudioBuffer,
    ),
    createAnalyser: () => analyser as unknown as AnalyserNode,
    createBufferSource: () => {
      const source = {
        buffer: null as unknown,
        started: false,
        stopped: false,
        onended: null as (() => void) | null,
        connectedTo: null as unknown,
        connect(node: unknown) {
          source.connectedTo = node;
        },
        disconnect: vi.fn(),
        start() {
          source.started = true;
        },
        stop() {
          source.stopped = true;
        },
      };
      sources.push(source);
      return source as unknown as AudioBufferSourceNode;
    },
  };
  return { context: context as AudioContextLike & { state: string }, sources, analyser, raw: context };
}

const clip = new Blob([new Uint8Array([1, 2, 3, 4])], { type: 'audio/wav' });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createAudioOutput', () => {
  it('plays through one shared context and resolves when the clip ends', async () => {
    const fake = fakeContext();
    const factory = vi.fn(() => fake.context);
    const output = createAudioOutput(factory);
    let ended = false;
    const playing = output.play(clip).then(() => {
      ended = true;
    });
    await flush();
    expect(fake.sources[0]?.started).toBe(true);
    expect(fake.sources[0]?.connectedTo).toBe(fake.analyser);
    expect(fake.analyser.connect).toHaveBeenCalledWith(fake.context.destination);
    expect(ended).toBe(false);
    fake.sources[0]?.onended?.();
    await playing;
    expect(ended).toBe(true);
    const second = output.play(clip);
    await flush();
    fake.sources[1]?.onended?.();
    await second;
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it('stops the clip and rejects with the reason on abort', async () => {
    const fake = fakeContext();
    const output = createAudioOutput(() => fake.context);
    const controller = new AbortController();
    const playing = output.play(clip, controller.signal);
    await flush();
    controller.abort(new Error('interrupted'));
    await expect(playing).rejects.toThrow('interrupted');
    expect(fake.sources[0]?.stopped).toBe(true);
  });

  it('does not start when already aborted', async () => {
    const fake = fakeContext();
    const output = createAudioOutput(() => fake.context);
    await expect(output.play(clip, AbortSignal.abort(new Error('no')))).rejects.toThrow('no');
    expect(fake.sources).toHaveLength(0);
  });

  it('unlock resumes a suspended context; level reads the analyser', async () => {
    const fake = fakeContext('suspended');
    const output = createAudioOutput(() => fake.context);
    expect(output.level()).toBe(0);
    await output.unlock();
    expect(fake.raw.resume).toHaveBeenCalledTimes(1);
    await output.unlock();
    expect(fake.raw.resume).toHaveBeenCalledTimes(1);
    expect(output.level()).toBeCloseTo(0.5);
  });

  it('rejects when the audio cannot be decoded', async () => {
    const fake = fakeContext();
    fake.raw.decodeAudioData.mockRejectedValueOnce(new Error('EncodingError'));
    const output = createAudioOutput(() => fake.context);
    await expect(output.play(clip)).rejects.toThrow('EncodingError');
  });
});
