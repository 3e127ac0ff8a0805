import { TextField } from './TextField';

export type Props = {
  /** In English; shown in the interface language. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
};

/** An endpoint's base address, with the keyboard a phone offers for web addresses. */
export function AddressField({ label, placeholder, value, onChange }: Props) {
  return (
    <TextField
      label={label}
      type="url"
      inputMode="url"
      placeholder={placeholder}
      value={value}
      onChange={onChange}
    />
  );
}
