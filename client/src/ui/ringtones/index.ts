export { type Props as RingtoneSlotPageProps, RingtoneSlotPage } from './RingtoneSlotPage';
export { type Props as RingtonesPageProps, RingtonesPage } from './RingtonesPage';
export { IN_USE_BY, SLOT_TITLES } from './slotLabels';
export { CUSTOM_SHOWN, SEARCH_ABOVE, toneListView } from './toneListView';
export type { AddTonesOutcome, CustomToneOption, RefusedToneFile, ToneOption } from './types';
