import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { useText } from '../../i18n';
import { MicIcon } from '../icons';
import type { VoiceInputField } from './use-voice-field';
import './voice.css';

export type Props = {
  voice: VoiceInputField;
  /** What the button says at rest: "Talk" in a call, "Dictate" by a text box. */
  label: string;
  /** A recording begins: the call pauses its playback, as typing does. */
  onRecordingStart?: () => void;
  /** The dark call screen's look, or a page's. */
  tone?: 'call' | 'page';
  /** As wide as its row (the call's Talk button). */
  block?: boolean;
};

const KEYS = new Set([' ', 'Enter']);

/**
 * Hold to talk with a mouse or the keyboard (Space or Enter); on touch, where holding fights
 * scrolling and the long-press menu, press once to start and again to stop.
 */
export function TalkButton({ voice, label, onRecordingStart, tone = 'page', block = false }: Props) {
  const t = useText();
  const { input, state } = voice;
  const [touch, setTouch] = useState(false);
  const holding = useRef(false);
  const live = state.status === 'starting' || state.status === 'recording';
  const start = () => {
    if (state.status !== 'idle' && state.status !== 'failed') return;
    onRecordingStart?.();
    input.start();
  };
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    const byTouch = event.pointerType === 'touch';
    setTouch(byTouch);
    if (byTouch) {
      if (live) input.stop();
      else start();
      return;
    }
    // Released outside the button still ends the recording.
    event.currentTarget.setPointerCapture?.(event.pointerId);
    holding.current = true;
    start();
  };
  const release = () => {
    if (!holding.current) return;
    holding.current = false;
    input.stop();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!KEYS.has(event.key)) return;
    event.preventDefault();
    if (event.repeat || holding.current) return;
    setTouch(false);
    holding.current = true;
    start();
  };
  const onKeyUp = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!KEYS.has(event.key)) return;
    event.preventDefault();
    release();
  };
  const text =
    state.status === 'transcribing'
      ? t('Transcribing…')
      : live
        ? touch
          ? t('Listening… tap to stop')
          : t('Listening… release to stop')
        : t(label);
  return (
    <button
      type="button"
      className={`rb-btn rb-talk rb-talk--${tone}${block ? ' rb-btn--block' : ''}${live ? ' rb-talk--live' : ''}`}
      aria-pressed={live}
      title={t('Hold to talk; on a touch screen, tap to start and tap again to stop')}
      disabled={state.status === 'transcribing'}
      onPointerDown={onPointerDown}
      onPointerUp={release}
      onPointerCancel={release}
      onLostPointerCapture={release}
      onKeyDown={onKeyDown}
      onKeyUp={onKeyUp}
      onBlur={release}
      onContextMenu={(event) => event.preventDefault()}
      // Keyboard and pointer are handled above; a click must not do it twice.
      onClick={(event) => event.preventDefault()}
    >
      <MicIcon />
      <span>{text}</span>
    </button>
  );
}
