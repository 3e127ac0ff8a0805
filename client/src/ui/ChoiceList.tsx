import './theme.css';
import './settings.css';
import './choices.css';

export type Choice = { value: string; label: string; detail?: string };

export type Props = {
  /** The radio group's accessible name. */
  label: string;
  choices: Choice[];
  selected: string;
  onSelect: (value: string) => void;
};

/** One choice among many as radio options in a card: picking one saves it (each page saves on its own). */
export function ChoiceList({ label, choices, selected, onSelect }: Props) {
  return (
    <div className="rb-card rb-choices" role="radiogroup" aria-label={label}>
      {choices.map((choice) => (
        <label key={choice.value} className="rb-choice">
          <input
            type="radio"
            name={label}
            value={choice.value}
            checked={choice.value === selected}
            onChange={() => onSelect(choice.value)}
          />
          <span className="rb-choice-label">{choice.label}</span>
          {choice.detail && <span className="rb-choice-detail">{choice.detail}</span>}
        </label>
      ))}
    </div>
  );
}
