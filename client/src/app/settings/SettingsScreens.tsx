import { languageDisplayName } from '@ringback/protocol';
import { DesktopSettingsScreen } from '../../desktop/DesktopSettingsScreen';
import { desktopBridge } from '../../desktop/desktop-bridge';
import { interfaceText, useInterfaceLanguage } from '../../i18n';
import type { PushHeld } from '../../push';
import { findEngine } from '../../speech';
import type { LocalSettings } from '../../storage';
import { DEFAULT_SETTINGS_GROUPS, SettingsList, type SettingsRow } from '../../ui';
import { ringtones } from '../services';
import { useSession } from '../session-context';
import { BackgroundRingingScreen } from './BackgroundRingingScreen';
import { DevicesScreen } from './DevicesScreen';
import { KeyScreen } from './KeyScreen';
import { BriefLanguageScreen, FormOfAddressScreen, InterfaceLanguageScreen } from './LanguageScreens';
import { LlmScreen } from './LlmScreen';
import { ModesScreen } from './ModesScreen';
import { PermissionCallsScreen } from './PermissionCallsScreen';
import { backgroundDetail } from './push-held';
import { RingtonesScreen } from './RingtonesScreen';
import { SpeechRecognitionScreen } from './SpeechRecognitionScreen';
import { TrackerScreen } from './TrackerScreen';
import { usePushHeld } from './use-push-held';
import { VoiceScreen } from './VoiceScreen';

interface Props {
  page: string | null;
  onOpen(page: string): void;
  onBack(): void;
}

/** The grouped settings list; each row opens its own page, which saves on its own. */
export function SettingsScreens({ page, onOpen, onBack }: Props) {
  const { settings, client } = useSession();
  const language = useInterfaceLanguage();
  const desktop = desktopBridge();
  // Asked when the list shows with background ringing chosen: "On" only while the relay holds it.
  const pushHeld = usePushHeld(client, page === null && settings.backgroundRinging && desktop === null);
  switch (page) {
    case 'desktop':
      if (desktop) return <DesktopSettingsScreen bridge={desktop} onBack={onBack} />;
      break;
    case 'llm':
      return <LlmScreen onBack={onBack} />;
    case 'voice':
      return <VoiceScreen onBack={onBack} />;
    case 'speech-recognition':
      return <SpeechRecognitionScreen onBack={onBack} />;
    case 'key':
      return <KeyScreen onBack={onBack} />;
    case 'devices':
      return <DevicesScreen onBack={onBack} />;
    case 'tracker':
      return <TrackerScreen onBack={onBack} />;
    case 'brief-language':
      return <BriefLanguageScreen onBack={onBack} />;
    case 'interface-language':
      return <InterfaceLanguageScreen onBack={onBack} />;
    case 'ringtones':
      return <RingtonesScreen ringtones={ringtones} onBack={onBack} />;
    case 'modes':
      return <ModesScreen onBack={onBack} />;
    case 'permission-calls':
      return <PermissionCallsScreen onBack={onBack} />;
    case 'form-of-address':
      return <FormOfAddressScreen onBack={onBack} />;
    case 'background':
      if (!desktop) return <BackgroundRingingScreen onBack={onBack} />;
      break;
  }
  return (
    <SettingsList
      groups={withDetails(detailsOf(settings, pushHeld, language), desktop !== null)}
      onOpen={onOpen}
      onBack={onBack}
    />
  );
}

const INTERFACE_CHOICES = { system: 'Follow system', zh: '中文', en: 'English' } as const;

/** What each row is set to now, shown beside its name so the list answers "what is set" at a glance. */
function detailsOf(
  settings: LocalSettings,
  pushHeld: PushHeld,
  language: 'zh' | 'en',
): Record<string, string> {
  return {
    'interface-language': INTERFACE_CHOICES[settings.interfaceLanguage],
    'brief-language': settings.briefLanguage
      ? languageDisplayName(settings.briefLanguage, 'en')
      : interfaceText('Follow the system', language),
    voice: findEngine(settings.voice.engineId)?.name ?? settings.voice.engineId,
    'form-of-address': settings.formOfAddress,
    llm: settings.llm.model || interfaceText('Not set', language),
    'speech-recognition': settings.speechRecognition.baseUrl
      ? settings.speechRecognition.model
      : interfaceText('Not set', language),
    background: interfaceText(backgroundDetail(settings.backgroundRinging, pushHeld), language),
  };
}

/**
 * The settings list (the list puts its words in the interface language), each row with what it is
 * set to. The desktop app rings while hidden by itself: its own page replaces background ringing.
 */
function withDetails(details: Record<string, string>, desktop: boolean) {
  return DEFAULT_SETTINGS_GROUPS.map((group) => ({
    ...group,
    rows: rowsFor(group.id, group.rows, desktop).map((row) => ({
      ...row,
      ...(details[row.id] ? { detail: details[row.id] } : {}),
    })),
  }));
}

function rowsFor(groupId: string, rows: SettingsRow[], desktop: boolean): SettingsRow[] {
  if (!desktop) return rows;
  const kept = rows.filter((row) => row.id !== 'background');
  return groupId === 'general' ? [...kept, { id: 'desktop', label: 'Desktop app' }] : kept;
}
