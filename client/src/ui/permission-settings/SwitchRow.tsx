import { useId } from 'react';
import '../modes/modes.css';
import './permission-settings.css';

export type Props = {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onToggle: (on: boolean) => void;
};

/** A labelled on/off switch on one row, the switch named by its label. */
export function SwitchRow({ label, checked, disabled, onToggle }: Props) {
  const id = useId();
  return (
    <div className="rb-permission-switch-row">
      <label htmlFor={id} className="rb-permission-switch-label">
        {label}
      </label>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        className="rb-switch"
        disabled={disabled}
        onClick={() => onToggle(!checked)}
      >
        <span className="rb-switch-knob" aria-hidden="true" />
      </button>
    </div>
  );
}
