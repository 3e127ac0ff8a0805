import { useId } from 'react';
import { useText } from '../../i18n';
import { SLOT_IDS, type SlotId } from '../../ringtone/ringtoneSlots';
import { BackHeader } from '../BackHeader';
import { SLOT_TITLES } from './slotLabels';
import '../theme.css';
import '../settings.css';

export type Props = {
  /** The name of the tone each slot plays now ("Classic", "Silent", a custom tone's name). */
  current: Readonly<Record<SlotId, string>>;
  onOpen: (slot: SlotId) => void;
  onBack: () => void;
};

/** The ringtone slots; each row opens that slot's page. */
export function RingtonesPage({ current, onOpen, onBack }: Props) {
  const t = useText();
  const id = useId();
  return (
    <main className="rb-page rb-settings">
      <BackHeader title={t('Ringtones')} onBack={onBack} />
      <ul className="rb-list rb-settings-rows">
        {SLOT_IDS.map((slot) => (
          <li key={slot}>
            <button
              type="button"
              className="rb-settings-row"
              aria-labelledby={`${id}-${slot}`}
              aria-describedby={`${id}-${slot}-tone`}
              onClick={() => onOpen(slot)}
            >
              <span id={`${id}-${slot}`} className="rb-settings-label">
                {t(SLOT_TITLES[slot])}
              </span>
              <span id={`${id}-${slot}-tone`} className="rb-settings-detail">
                {t(current[slot])}
              </span>
              <span aria-hidden="true" className="rb-chevron">
                ›
              </span>
            </button>
          </li>
        ))}
      </ul>
    </main>
  );
}
