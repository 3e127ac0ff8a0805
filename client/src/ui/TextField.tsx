import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { useText } from '../i18n';

export type Props = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'className' | 'value' | 'onChange' | 'children'
> & {
  /** In English; shown in the interface language. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the input (a hint, a note). */
  children?: ReactNode;
};

/** One labelled text input in a settings form; other input attributes pass through. */
export function TextField({ label, value, onChange, children, ...input }: Props) {
  const t = useText();
  const id = useId();
  return (
    <div className="rb-field">
      <label className="rb-label" htmlFor={id}>
        {t(label)}
      </label>
      <input
        id={id}
        className="rb-input"
        {...input}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {children}
    </div>
  );
}
