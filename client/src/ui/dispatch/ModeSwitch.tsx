import { useText } from '../../i18n';
import type { DispatchMode } from './types';

export type Props = { mode: DispatchMode; onModeChange: (mode: DispatchMode) => void };

const MODES: { mode: DispatchMode; label: string; hint: string }[] = [
  { mode: 'new', label: 'New issue', hint: 'The agent writes a new issue from your words.' },
  {
    mode: 'existing',
    label: 'Existing issue',
    hint: 'Your words and images go to the issue as a comment for its assigned agent.',
  },
];

/** Two-way switch between a new issue (the default) and a comment on an existing one. */
export function ModeSwitch({ mode, onModeChange }: Props) {
  const t = useText();
  const hint = MODES.find((item) => item.mode === mode)?.hint;
  return (
    <fieldset className="rb-mode">
      <legend className="rb-visually-hidden">{t('Call about')}</legend>
      <div className="rb-mode-options">
        {MODES.map((item) => (
          <label key={item.mode} className="rb-mode-option">
            <input
              type="radio"
              name="rb-dispatch-mode"
              className="rb-visually-hidden"
              checked={mode === item.mode}
              onChange={() => onModeChange(item.mode)}
            />
            {t(item.label)}
          </label>
        ))}
      </div>
      <p className="rb-hint rb-mode-hint">{hint && t(hint)}</p>
    </fieldset>
  );
}
