import type { ReactNode } from 'react';
import { useText } from '../i18n';
import { TextField } from './TextField';

export type Props = {
  /** In English; shown in the interface language. */
  label: string;
  /** The saved key's last characters; the key itself never comes back to the form. */
  savedHint?: string | undefined;
  /** What the user typed: empty keeps the saved key. */
  value: string;
  onChange: (value: string) => void;
  /** Shown under the input (when a key may be left out). */
  children?: ReactNode;
};

/** An API key field that shows a saved key only as a hint in its placeholder, so typing replaces it. */
export function SavedKeyField({ label, savedHint, value, onChange, children }: Props) {
  const t = useText();
  return (
    <TextField
      label={label}
      type="password"
      autoComplete="off"
      placeholder={savedHint ? t('Saved ({hint}) — type to replace', { hint: savedHint }) : 'sk-…'}
      value={value}
      onChange={onChange}
    >
      {children}
    </TextField>
  );
}
