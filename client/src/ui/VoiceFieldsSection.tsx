import { useId } from 'react';
import { useText } from '../i18n';
import type { VoiceField } from './voiceTypes';

export type Props = {
  fields: VoiceField[];
  values: Record<string, string>;
  /** Field id → hint of the saved secret (never the secret itself). */
  savedHints?: Record<string, string>;
  onChange: (fieldId: string, value: string) => void;
};

/** Renders whatever fields the chosen engine declares (address, key, region, …). */
export function VoiceFieldsSection({ fields, values, savedHints, onChange }: Props) {
  const t = useText();
  const id = useId();
  return (
    <>
      {fields.map((field) => {
        const inputId = `${id}-${field.id}`;
        const value = values[field.id] ?? '';
        const hint = savedHints?.[field.id];
        return (
          <div key={field.id} className="rb-field">
            <label className="rb-label" htmlFor={inputId}>
              {t(field.label)}
            </label>
            {field.kind === 'select' ? (
              <select
                id={inputId}
                className="rb-select"
                value={value}
                onChange={(e) => onChange(field.id, e.target.value)}
              >
                {(field.options ?? []).map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={inputId}
                className="rb-input"
                type={field.kind === 'secret' ? 'password' : field.kind === 'url' ? 'url' : 'text'}
                autoComplete="off"
                placeholder={
                  field.kind === 'secret' && hint
                    ? t('Saved ({hint}) — type to replace', { hint })
                    : field.placeholder && t(field.placeholder)
                }
                value={value}
                onChange={(e) => onChange(field.id, e.target.value)}
              />
            )}
            {field.hint && <p className="rb-hint">{t(field.hint)}</p>}
          </div>
        );
      })}
    </>
  );
}
