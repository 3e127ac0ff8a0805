import { BRIEF_LOCALES, languageDisplayName } from '@ringback/protocol';
import { useMemo, useSyncExternalStore } from 'react';
import { DEFAULT_FORM_OF_ADDRESS } from '../../format';
import { BriefLanguagePage, FormOfAddressPage, InterfaceLanguagePage } from '../../ui';
import { briefLanguageStatus } from '../BriefLanguageSync';
import { briefLanguageOf } from '../brief-language';
import { useSession } from '../session-context';

/**
 * The 90 locales by name in English (the interface's words), grouped by language ("British English"
 * beside "English (India)") and sorted by name within it.
 */
function localeChoices() {
  const language = (tag: string) => languageDisplayName(tag.split('-')[0] ?? tag, 'en');
  return BRIEF_LOCALES.map((tag) => ({ tag, name: languageDisplayName(tag, 'en'), language: language(tag) }))
    .sort((a, b) => a.language.localeCompare(b.language, 'en') || a.name.localeCompare(b.name, 'en'))
    .map(({ tag, name }) => ({ tag, name }));
}

export function BriefLanguageScreen({ onBack }: { onBack(): void }) {
  const { settings, updateSettings } = useSession();
  const locales = useMemo(localeChoices, []);
  const status = useSyncExternalStore(briefLanguageStatus.subscribe, briefLanguageStatus.get);
  const system = briefLanguageOf({ ...settings, briefLanguage: null });
  return (
    <BriefLanguagePage
      locales={locales}
      selected={settings.briefLanguage}
      systemName={languageDisplayName(system, 'en')}
      write={
        status.state === 'waiting' || status.state === 'refused'
          ? { state: status.state, reason: status.reason }
          : { state: status.state }
      }
      onSelect={(briefLanguage) => updateSettings({ briefLanguage })}
      onBack={onBack}
    />
  );
}

export function FormOfAddressScreen({ onBack }: { onBack(): void }) {
  const { settings, updateSettings } = useSession();
  return (
    <FormOfAddressPage
      value={settings.formOfAddress}
      defaultValue={DEFAULT_FORM_OF_ADDRESS}
      onSave={(formOfAddress) => updateSettings({ formOfAddress })}
      onBack={onBack}
    />
  );
}

export function InterfaceLanguageScreen({ onBack }: { onBack(): void }) {
  const { settings, updateSettings } = useSession();
  return (
    <InterfaceLanguagePage
      selected={settings.interfaceLanguage}
      onSelect={(interfaceLanguage) => updateSettings({ interfaceLanguage })}
      onBack={onBack}
    />
  );
}
