import { useEffect, useRef, useState } from 'react';
import { useText } from '../i18n';
import { copyText } from './copyText';

export type Props = {
  text: string;
  /** Accessible name and visible label before copying. */
  label?: string;
  /** Replaces the built-in clipboard write (tests, native shell). */
  onCopy?: (text: string) => Promise<void> | void;
  className?: string;
};

const COPIED_MS = 2000;

/** One-tap copy with a short "Copied" confirmation. */
export function CopyButton({ text, label: givenLabel, onCopy = copyText, className }: Props) {
  const t = useText();
  const label = givenLabel ?? t('Copy resume command');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    clearTimeout(timer.current);
    try {
      await onCopy(text);
      setState('copied');
    } catch {
      setState('failed');
    }
    timer.current = setTimeout(() => setState('idle'), COPIED_MS);
  }

  return (
    <button
      type="button"
      className={className ?? 'rb-btn rb-btn--small'}
      onClick={copy}
      aria-label={label}
      title={text}
    >
      <span aria-live="polite">
        {state === 'copied' ? t('Copied') : state === 'failed' ? t('Copy failed') : label}
      </span>
    </button>
  );
}
