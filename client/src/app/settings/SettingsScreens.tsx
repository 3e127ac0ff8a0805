import { DEFAULT_SETTINGS_GROUPS, SettingsList } from '../../ui';
import { DevicesScreen } from './DevicesScreen';
import { KeyScreen } from './KeyScreen';
import { LlmScreen } from './LlmScreen';
import { TrackerScreen } from './TrackerScreen';
import { VoiceScreen } from './VoiceScreen';

interface Props {
  page: string | null;
  onOpen(page: string): void;
  onBack(): void;
}

/** The grouped settings list; each row opens its own page, which saves on its own. */
export function SettingsScreens({ page, onOpen, onBack }: Props) {
  switch (page) {
    case 'llm':
      return <LlmScreen onBack={onBack} />;
    case 'voice':
      return <VoiceScreen onBack={onBack} />;
    case 'key':
      return <KeyScreen onBack={onBack} />;
    case 'devices':
      return <DevicesScreen onBack={onBack} />;
    case 'tracker':
      return <TrackerScreen onBack={onBack} />;
    default:
      return <SettingsList groups={DEFAULT_SETTINGS_GROUPS} onOpen={onOpen} onBack={onBack} />;
  }
}
