import type { SlotId } from '../../ringtone/ringtoneSlots';

/** Each slot's page title and its row on the Ringtones page. */
export const SLOT_TITLES: Readonly<Record<SlotId, string>> = {
  incoming: 'Incoming call ringtone',
  waiting: 'Waiting tone',
  permission: 'Permission call ringtone',
};

/** The label on a tone the given slot is using, shown on the other slot's page. */
export const IN_USE_BY: Readonly<Record<SlotId, string>> = {
  incoming: 'In use by incoming calls',
  waiting: 'In use by waiting',
  permission: 'In use by permission calls',
};

/** How the delete confirmation names a slot and what it falls back to (`{name}`: the default tone). */
export const SLOT_FALLBACK_TEXT: Readonly<Record<SlotId, string>> = {
  incoming: 'Incoming calls will ring with {name} again.',
  waiting: 'Calling will play {name} again.',
  permission: 'Permission calls will ring with {name} again.',
};
