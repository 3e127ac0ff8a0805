/** The part of an AudioContext a tone needs; a structural type so tests can pass a fake. */
export type ToneContext = Pick<
  BaseAudioContext,
  'currentTime' | 'destination' | 'createOscillator' | 'createGain'
> & {
  state?: AudioContextState;
  resume?: () => Promise<void>;
};

export type TonePattern = {
  /** Frequencies summed together (e.g. 440 + 480 Hz for the classic ring). */
  frequencies: number[];
  /** On/off cadence; the bursts repeat until stop(). */
  bursts: { onMs: number; offMs: number }[];
  /** Peak gain of the mix, kept low so the ring is not harsh. */
  gain: number;
  /** Optional amplitude warble (Hz) that makes a dual tone sound like a bell. */
  warbleHz?: number;
  /** Oscillator shape; sine unless a tone wants a brighter, buzzier timbre. */
  wave?: OscillatorType;
  /** Struck rather than held: each burst fades out over its length, like a mallet or a bell. */
  decay?: boolean;
};

export type Tone = { start: () => void; stop: () => void; readonly playing: boolean };

/** How long one pass of the pattern sounds: every burst, without the silence after the last one. */
export function patternOnceMs(pattern: TonePattern): number {
  const total = pattern.bursts.reduce((sum, burst) => sum + burst.onMs + burst.offMs, 0);
  return total - (pattern.bursts.at(-1)?.offMs ?? 0);
}

/** Attack and release so bursts start and end without clicks. */
const RAMP_S = 0.02;
/** Schedule each cycle this long before it starts, so a late timer never leaves a gap. */
const LOOKAHEAD_S = 0.25;

/** Plays a repeating pattern with WebAudio oscillators only: no audio files to fetch. */
export function createTonePattern(context: ToneContext, pattern: TonePattern): Tone {
  let nodes: { oscillators: OscillatorNode[]; envelope: GainNode; extra: AudioNode[] } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let nextCycleAt = 0;

  function scheduleCycle(envelope: GainNode) {
    let at = Math.max(nextCycleAt, context.currentTime);
    for (const burst of pattern.bursts) {
      const on = burst.onMs / 1000;
      envelope.gain.setValueAtTime(0, at);
      envelope.gain.linearRampToValueAtTime(pattern.gain, at + RAMP_S);
      if (!pattern.decay) envelope.gain.setValueAtTime(pattern.gain, at + on - RAMP_S);
      envelope.gain.linearRampToValueAtTime(0, at + on);
      at += on + burst.offMs / 1000;
    }
    nextCycleAt = at;
    const wait = Math.max(0, (nextCycleAt - LOOKAHEAD_S - context.currentTime) * 1000);
    timer = setTimeout(() => nodes && scheduleCycle(nodes.envelope), wait);
  }

  return {
    get playing() {
      return nodes !== null;
    },
    start() {
      if (nodes) return;
      // A context created before a user gesture starts suspended; resuming is harmless otherwise.
      if (context.state === 'suspended') void context.resume?.();
      const envelope = context.createGain();
      envelope.gain.value = 0;
      envelope.connect(context.destination);
      const extra: AudioNode[] = [];
      let target: AudioNode = envelope;
      if (pattern.warbleHz) {
        const warble = context.createGain();
        warble.gain.value = 0.75;
        const lfo = context.createOscillator();
        const depth = context.createGain();
        lfo.frequency.value = pattern.warbleHz;
        depth.gain.value = 0.25;
        lfo.connect(depth);
        depth.connect(warble.gain);
        warble.connect(envelope);
        lfo.start();
        extra.push(warble, lfo, depth);
        target = warble;
      }
      const oscillators = pattern.frequencies.map((frequency) => {
        const oscillator = context.createOscillator();
        oscillator.type = pattern.wave ?? 'sine';
        oscillator.frequency.value = frequency;
        oscillator.connect(target);
        oscillator.start();
        return oscillator;
      });
      nodes = { oscillators, envelope, extra };
      nextCycleAt = context.currentTime + 0.05;
      scheduleCycle(envelope);
    },
    stop() {
      clearTimeout(timer);
      if (!nodes) return;
      const { oscillators, envelope, extra } = nodes;
      nodes = null;
      const now = context.currentTime;
      envelope.gain.cancelScheduledValues(now);
      envelope.gain.setValueAtTime(envelope.gain.value, now);
      envelope.gain.linearRampToValueAtTime(0, now + RAMP_S);
      for (const source of [...oscillators, ...extra.filter(isSource)]) source.stop(now + RAMP_S * 2);
      // Disconnect after the release so the graph is freed.
      setTimeout(() => {
        for (const node of [...oscillators, ...extra, envelope]) node.disconnect();
      }, 100);
    },
  };
}

function isSource(node: AudioNode): node is OscillatorNode {
  return 'stop' in node && typeof (node as OscillatorNode).stop === 'function';
}
