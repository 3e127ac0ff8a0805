import { BACKGROUND_ZH } from './background';
import { CALLS_ZH } from './calls';
import { COMPUTER_ZH } from './computer';
import { DESKTOP_ZH } from './desktop';
import { DISPATCH_ZH } from './dispatch';
import { PERMISSION_ZH } from './permission';
import { PWA_ZH } from './pwa';
import { SCHEDULES_ZH } from './schedules';
import { SETTINGS_ZH } from './settings';
import { TRACKER_ZH } from './tracker';
import { VOICE_INPUT_ZH } from './voice-input';
import { WELCOME_ZH } from './welcome';

/** Chinese interface text by its English words, from every area. */
export const ZH_CATALOGUE: Readonly<Record<string, string>> = {
  ...WELCOME_ZH,
  ...CALLS_ZH,
  ...TRACKER_ZH,
  ...DISPATCH_ZH,
  ...SCHEDULES_ZH,
  ...SETTINGS_ZH,
  ...PWA_ZH,
  ...BACKGROUND_ZH,
  ...DESKTOP_ZH,
  ...VOICE_INPUT_ZH,
  ...COMPUTER_ZH,
  ...PERMISSION_ZH,
};
