import { builtInTone } from './builtInTones';
import { isCustomToneId, type RingtoneSelection, SILENT, SLOT_DEFAULTS, type SlotId } from './ringtoneSlots';
import {
  createTonePattern,
  patternOnceMs,
  type Tone,
  type ToneContext,
  type TonePattern,
} from './tonePattern';

/** What playing a custom file needs on top of a generated tone; a structural type so tests pass a fake. */
export type PlaybackContext = ToneContext & Pick<BaseAudioContext, 'decodeAudioData' | 'createBufferSource'>;

/** A slot's ringing: the same start/stop as a generated `Tone`, so the session can hold either. */
export type SlotTone = Tone;

export interface TonePlayer {
  /**
   * Plays a tone once (a built-in pattern's one pass, a custom file to its end). A new preview, or
   * `stopPreview`, ends the one before. Resolves when it ends; rejects when a custom file cannot be played.
   */
  preview(toneId: string): Promise<void>;
  stopPreview(): void;
  /** Loops the slot's tone as chosen at each start; a custom file that is gone or unplayable rings the default. */
  slotTone(slot: SlotId): SlotTone;
}

export type TonePlayerOptions = {
  /** Called on first sound, so the AudioContext is made after a user gesture where possible. */
  context: () => PlaybackContext;
  customAudio: (id: string) => Promise<Blob | undefined>;
  selection: () => RingtoneSelection;
};

/** Margin past one pass: the pattern starts 50 ms in and releases over 40 ms. */
const ONCE_TAIL_MS = 120;
/** Decoded files kept for the next ring or preview; a few, as a decoded minute is ~20 MB. */
const DECODED_KEPT = 3;

type Playback = { stop(): void; readonly done: Promise<void> };

export function createTonePlayer(options: TonePlayerOptions): TonePlayer {
  const decoded = new Map<string, AudioBuffer>();
  let preview: { playback: Playback | null } | null = null;

  async function decode(id: string): Promise<AudioBuffer> {
    const known = decoded.get(id);
    if (known) return known;
    const blob = await options.customAudio(id);
    if (!blob) throw new Error('This tone is no longer stored.');
    let buffer: AudioBuffer;
    try {
      buffer = await options.context().decodeAudioData(await blob.arrayBuffer());
    } catch {
      throw new Error('This file cannot be played on this device.');
    }
    decoded.set(id, buffer);
    for (const key of decoded.keys()) if (decoded.size > DECODED_KEPT) decoded.delete(key);
    return buffer;
  }

  function stopPreview() {
    preview?.playback?.stop();
    preview = null;
  }

  function generated(toneId: string, slot?: SlotId): TonePattern | undefined {
    return (builtInTone(toneId) ?? (slot ? builtInTone(SLOT_DEFAULTS[slot]) : undefined))?.pattern;
  }

  return {
    async preview(toneId) {
      stopPreview();
      const mine: { playback: Playback | null } = { playback: null };
      preview = mine;
      if (toneId === SILENT) return;
      if (!isCustomToneId(toneId)) {
        const pattern = generated(toneId);
        if (!pattern) return;
        mine.playback = playPattern(options.context(), pattern, true);
      } else {
        const buffer = await decode(toneId);
        if (preview !== mine) return;
        mine.playback = playBuffer(options.context(), buffer, false);
      }
      await mine.playback.done;
      if (preview === mine) preview = null;
    },
    stopPreview,
    slotTone(slot) {
      let playback: Playback | null = null;
      let run = 0;
      let playing = false;
      const ringDefault = (pattern = generated(SLOT_DEFAULTS[slot], slot)) => {
        if (pattern) playback = playPattern(options.context(), pattern, false);
      };
      return {
        get playing() {
          return playing;
        },
        start() {
          if (playing) return;
          playing = true;
          const id = options.selection()[slot];
          if (id === SILENT && slot === 'waiting') return;
          if (!isCustomToneId(id)) return ringDefault(generated(id, slot));
          // Ringing must never fall silent because a file was deleted elsewhere or will not decode.
          const current = ++run;
          decode(id).then(
            (buffer) => {
              if (current === run && playing) playback = playBuffer(options.context(), buffer, true);
            },
            () => {
              if (current === run && playing) ringDefault();
            },
          );
        },
        stop() {
          run++;
          playing = false;
          playback?.stop();
          playback = null;
        },
      };
    },
  };
}

function settled(): { done: Promise<void>; finish: () => void } {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { done, finish };
}

function playPattern(context: PlaybackContext, pattern: TonePattern, once: boolean): Playback {
  const tone = createTonePattern(context, pattern);
  const { done, finish } = settled();
  tone.start();
  const timer = once
    ? setTimeout(() => {
        tone.stop();
        finish();
      }, patternOnceMs(pattern) + ONCE_TAIL_MS)
    : undefined;
  return {
    done,
    stop() {
      clearTimeout(timer);
      tone.stop();
      finish();
    },
  };
}

function playBuffer(context: PlaybackContext, buffer: AudioBuffer, loop: boolean): Playback {
  if (context.state === 'suspended') void context.resume?.();
  const source = context.createBufferSource();
  source.buffer = buffer;
  source.loop = loop;
  source.connect(context.destination);
  const { done, finish } = settled();
  source.onended = () => {
    source.disconnect();
    finish();
  };
  source.start();
  return {
    done,
    stop() {
      source.onended = null;
      try {
        source.stop();
      } catch {
        // already ended
      }
      source.disconnect();
      finish();
    },
  };
}
