import { type CallRingtone, callRingtone } from './callRingtone';
import { type CustomToneBackend, type CustomToneStore, createCustomToneStore } from './customToneStore';
import { idbToneBackend } from './idbToneBackend';
import { type RingtoneSelectionStore, ringtoneSelectionStore } from './ringtoneSelection';
import type { SelectionStorage } from './ringtoneSlots';
import { createTonePlayer, type PlaybackContext, type SlotTone, type TonePlayer } from './tonePlayer';

/** Everything the app needs for ringtones, made once per page (in services.ts). */
export type Ringtones = {
  readonly selection: RingtoneSelectionStore;
  readonly tones: CustomToneStore;
  readonly player: TonePlayer;
  /** The incoming-call ringtone: every call but a permission call. */
  readonly incoming: SlotTone;
  /** A permission call's ringtone (default: the short urgent tone). */
  readonly permission: SlotTone;
  /** The session's `ringtone`: the incoming or the permission slot, by the call that rings. */
  readonly call: CallRingtone;
  /** What plays while a dispatch is calling; starting it does nothing when the slot is silent. */
  readonly waiting: SlotTone;
};

export type RingtonesOptions = {
  /** The app's `KeyValueStore` (localStorage); the record is `ringback.ringtones`. */
  storage: SelectionStorage;
  /** The page's one AudioContext for tones, made on first use. */
  context: () => PlaybackContext;
  /** Default: IndexedDB `ringback-ringtones`. */
  backend?: CustomToneBackend;
  /** The older `settings.waitingTone`, read once when no `ringback.ringtones` record exists yet. */
  legacyWaitingTone?: () => 'ringback' | 'silent';
};

export function createRingtones(options: RingtonesOptions): Ringtones {
  const selection = ringtoneSelectionStore(options.storage, options.legacyWaitingTone);
  const tones = createCustomToneStore({ backend: options.backend ?? idbToneBackend() });
  const player = createTonePlayer({
    context: options.context,
    customAudio: (id) => tones.audio(id),
    selection: () => selection.get(),
  });
  const incoming = player.slotTone('incoming');
  const permission = player.slotTone('permission');
  return {
    selection,
    tones,
    player,
    incoming,
    permission,
    call: callRingtone({ incoming, permission }),
    waiting: player.slotTone('waiting'),
  };
}
