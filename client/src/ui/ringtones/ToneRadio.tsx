import { useId } from 'react';

export type Props = {
  group: string;
  id: string;
  name: string;
  checked: boolean;
  /** "In use by …" when the other slot plays this tone. */
  inUseLabel?: string;
  onChoose: (id: string) => void;
};

/** One tone as a radio option named by the tone; a tap (or click) on it previews and selects, even if chosen. */
export function ToneRadio({ group, id, name, checked, inUseLabel, onChoose }: Props) {
  const noteId = useId();
  return (
    <li className="rb-tone-row">
      <label className="rb-tone-option">
        <input
          type="radio"
          name={group}
          value={id}
          checked={checked}
          // Selection is driven by clicks (so the chosen tone can be previewed again), not by change.
          readOnly
          onClick={() => onChoose(id)}
          aria-describedby={inUseLabel ? noteId : undefined}
        />
        <span className="rb-tone-name">{name}</span>
      </label>
      {inUseLabel && (
        <span id={noteId} className="rb-tone-in-use">
          {inUseLabel}
        </span>
      )}
    </li>
  );
}
