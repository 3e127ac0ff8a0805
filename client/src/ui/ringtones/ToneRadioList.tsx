import { useId } from 'react';
import { useText } from '../../i18n';
import { ToneRadio } from './ToneRadio';
import type { ToneListView } from './toneListView';

export type Props = {
  view: ToneListView;
  selectedId: string;
  /** The tones the other slots play, each with the label it gets here ("In use by waiting"). */
  inUse: readonly { id: string; label: string }[];
  silentId: string;
  onChoose: (id: string) => void;
  onShowAll: () => void;
};

/** Every tone this slot may play, as one radio group: Silent (waiting only), your tones, then built-in. */
export function ToneRadioList({ view, selectedId, inUse, silentId, onChoose, onShowAll }: Props) {
  const t = useText();
  const group = useId();
  const radio = (tone: { id: string; name: string }) => (
    <ToneRadio
      key={tone.id}
      group={group}
      id={tone.id}
      name={tone.name}
      checked={tone.id === selectedId}
      inUseLabel={inUseLabel(inUse, tone.id)}
      onChoose={onChoose}
    />
  );
  const empty = !view.silent && view.custom.length === 0 && view.builtIn.length === 0;
  return (
    <div role="radiogroup" aria-label={t('Tones')} className="rb-tone-groups">
      {view.silent && <ul className="rb-list rb-tone-list">{radio({ id: silentId, name: t('Silent') })}</ul>}
      {view.custom.length > 0 && (
        <section aria-labelledby={`${group}-custom`}>
          <h2 id={`${group}-custom`} className="rb-section-title">
            {t('Your tones')}
          </h2>
          <ul className="rb-list rb-tone-list">{view.custom.map(radio)}</ul>
          {view.hiddenCustom > 0 && (
            <button type="button" className="rb-btn rb-btn--ghost rb-tone-show-all" onClick={onShowAll}>
              {t('Show all ({count})', { count: view.custom.length + view.hiddenCustom })}
            </button>
          )}
        </section>
      )}
      {view.builtIn.length > 0 && (
        <section aria-labelledby={`${group}-built-in`}>
          <h2 id={`${group}-built-in`} className="rb-section-title">
            {t('Built-in')}
          </h2>
          <ul className="rb-list rb-tone-list">{view.builtIn.map(radio)}</ul>
        </section>
      )}
      {empty && <p className="rb-empty">{t('No tone matches.')}</p>}
    </div>
  );
}

/** Every other slot's label for a tone, joined ("In use by incoming calls · In use by waiting"), or none. */
function inUseLabel(inUse: readonly { id: string; label: string }[], id: string): string | undefined {
  const labels = inUse.filter((use) => use.id === id).map((use) => use.label);
  return labels.length > 0 ? labels.join(' · ') : undefined;
}
