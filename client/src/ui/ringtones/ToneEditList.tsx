import { useState } from 'react';
import { useText } from '../../i18n';
import { RenameToneForm } from './RenameToneForm';
import type { CustomToneOption } from './types';

export type Props = {
  tones: readonly CustomToneOption[];
  marked: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onRename: (id: string, name: string) => Promise<void> | void;
};

/** Edit mode: each of your tones can be renamed or ticked for deleting (built-in tones cannot). */
export function ToneEditList({ tones, marked, onToggle, onRename }: Props) {
  const t = useText();
  const [renaming, setRenaming] = useState<string | null>(null);
  if (tones.length === 0) return <p className="rb-empty">{t('No tone matches.')}</p>;
  return (
    <ul className="rb-list rb-tone-list" aria-label={t('Your tones')}>
      {tones.map((tone) => (
        <li key={tone.id} className="rb-tone-row">
          {renaming === tone.id ? (
            <RenameToneForm
              name={tone.name}
              onRename={(name) => onRename(tone.id, name)}
              onDone={() => setRenaming(null)}
            />
          ) : (
            <>
              <label className="rb-tone-option">
                <input type="checkbox" checked={marked.has(tone.id)} onChange={() => onToggle(tone.id)} />
                <span className="rb-tone-name">{tone.name}</span>
              </label>
              <button
                type="button"
                className="rb-btn rb-btn--small"
                aria-label={t('Rename {name}', { name: tone.name })}
                onClick={() => setRenaming(tone.id)}
              >
                {t('Rename')}
              </button>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
