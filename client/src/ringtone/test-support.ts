import type { PlaybackContext } from './tonePlayer';

/** What a fake context saw: oscillators (generated tones) and buffer sources (custom files). */
export type FakeAudioLog = {
  oscillators: { frequency: number; type: string; stopped: boolean }[];
  sources: { buffer: unknown; loop: boolean; started: boolean; stopped: boolean; end: () => void }[];
  decoded: number[];
};

/**
 * A fake AudioContext for the player's tests: records what plays; `decodeAudioData` yields a fake
 * buffer holding the bytes' length, and refuses bytes that start with 0xff (an "unplayable" file).
 */
export function fakePlaybackContext(): { context: PlaybackContext; log: FakeAudioLog } {
  const log: FakeAudioLog = { oscillators: [], sources: [], decoded: [] };
  const param = () => ({
    value: 0,
    setValueAtTime: () => undefined,
    linearRampToValueAtTime: () => undefined,
    cancelScheduledValues: () => undefined,
  });
  const node = () => ({ connect: () => undefined, disconnect: () => undefined });
  const context = {
    currentTime: 0,
    state: 'running' as AudioContextState,
    destination: {},
    resume: async () => undefined,
    createGain: () => ({ ...node(), gain: param() }),
    createOscillator() {
      const record = { frequency: 0, type: 'sine', stopped: false };
      log.oscillators.push(record);
      return {
        ...node(),
        set type(value: string) {
          record.type = value;
        },
        frequency: {
          set value(value: number) {
            record.frequency = value;
          },
        },
        start: () => undefined,
        stop: () => {
          record.stopped = true;
        },
      };
    },
    createBufferSource() {
      const source = {
        ...node(),
        buffer: null as unknown,
        loop: false,
        onended: null as (() => void) | null,
        start() {
          record.started = true;
        },
        stop() {
          record.stopped = true;
        },
      };
      const record = {
        get buffer() {
          return source.buffer;
        },
        get loop() {
          return source.loop;
        },
        started: false,
        stopped: false,
        end: () => source.onended?.(),
      };
      log.sources.push(record);
      return source;
    },
    async decodeAudioData(data: ArrayBuffer) {
      const bytes = new Uint8Array(data);
      if (bytes[0] === 0xff) throw new DOMException('Unable to decode audio data', 'EncodingError');
      log.decoded.push(bytes.length);
      return { length: bytes.length };
    },
  };
  return { context: context as unknown as PlaybackContext, log };
}
