import { useId } from 'react';
import { useText } from '../i18n';
import { MAX_RATE, MIN_RATE } from './voiceTypes';

export type Props = {
  rate: number;
  onChange: (rate: number) => void;
  rateRange: { min: number; max: number } | null;
};

/** Speech rate 0.5×–2×, with a plain note when the engine ignores or clamps it. */
export function RateField({ rate, onChange, rateRange }: Props) {
  const t = useText();
  const id = useId();
  let note = '';
  if (!rateRange) note = t('This voice has no speed setting, so the rate has no effect.');
  else if (rateRange.min > MIN_RATE || rateRange.max < MAX_RATE)
    note = t('This voice supports {min}–{max}; other rates are clamped to that.', {
      min: fmt(rateRange.min),
      max: fmt(rateRange.max),
    });
  return (
    <div className="rb-field">
      <label className="rb-label" htmlFor={id}>
        {t('Speech rate: {rate}', { rate: fmt(rate) })}
      </label>
      <input
        id={id}
        className="rb-range"
        type="range"
        min={MIN_RATE}
        max={MAX_RATE}
        step={0.05}
        value={rate}
        aria-valuetext={fmt(rate)}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      {note && <p className="rb-hint">{note}</p>}
    </div>
  );
}

function fmt(rate: number): string {
  return `${rate.toFixed(2).replace(/0$/, '')}×`;
}
