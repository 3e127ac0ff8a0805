import { useText } from '../i18n';
import { BackHeader } from './BackHeader';
import { ChoiceList } from './ChoiceList';
import './theme.css';
import './settings.css';

export type InterfaceLanguageChoice = 'system' | 'zh' | 'en';

export type Props = {
  selected: InterfaceLanguageChoice;
  onSelect: (choice: InterfaceLanguageChoice) => void;
  onBack: () => void;
};

const CHOICES = [
  {
    value: 'system',
    label: 'Follow system',
    detail: 'Chinese when your first language is Chinese, else English' as string | undefined,
  },
  { value: 'zh', label: '中文' },
  { value: 'en', label: 'English' },
];

/** The interface's own language; briefs, voices and answers in calls keep the brief language. */
export function InterfaceLanguagePage({ selected, onSelect, onBack }: Props) {
  const t = useText();
  return (
    <main className="rb-page">
      <BackHeader title={t('Interface language')} onBack={onBack} />
      <p className="rb-hint rb-gap-bottom">
        {t(
          'Changes the words of the app and its window title. Briefs, voices and answers in calls follow the brief language.',
        )}
      </p>
      <ChoiceList
        label={t('Interface language')}
        // The choices' own names stay as they are in every language; only the detail is translated.
        choices={CHOICES.map((choice) => (choice.detail ? { ...choice, detail: t(choice.detail) } : choice))}
        selected={selected}
        onSelect={(value) => onSelect(value as InterfaceLanguageChoice)}
      />
    </main>
  );
}
