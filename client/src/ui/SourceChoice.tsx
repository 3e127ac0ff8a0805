import { useText } from '../i18n';
import { ChoiceList } from './ChoiceList';

export type Source = 'direct' | 'computer';

export type Props = {
  /** The group's name, as a question (“Questions are answered by”). */
  label: string;
  /** What "This device" does, in words. */
  directDetail: string;
  /** What "Your computer" does, in words. */
  computerDetail: string;
  selected: Source;
  onSelect: (source: Source) => void;
  /** A plain sentence about the computer now (offline, nothing set), shown under the choice. */
  note?: string | undefined;
};

/** This device's own endpoint or the user's computer (through the relay): picking one saves it. */
export function SourceChoice({ label, directDetail, computerDetail, selected, onSelect, note }: Props) {
  const t = useText();
  return (
    <>
      <ChoiceList
        label={t(label)}
        choices={[
          { value: 'direct', label: t('This device'), detail: t(directDetail) },
          { value: 'computer', label: t('Your computer'), detail: t(computerDetail) },
        ]}
        selected={selected}
        onSelect={(value) => onSelect(value === 'computer' ? 'computer' : 'direct')}
      />
      {note && (
        <p className="rb-hint" role="status">
          {t(note)}
        </p>
      )}
    </>
  );
}
