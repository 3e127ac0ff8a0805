import { builtInTone } from './builtInTones';

/**
 * The three places a tone plays: an incoming call (a report), a dispatch that is calling, and a
 * permission call (an agent waiting on an answer, which must not sound like a report).
 */
export type SlotId = 'incoming' | 'waiting' | 'permission';
export const SLOT_IDS: readonly SlotId[] = ['incoming', 'waiting', 'permission'];

/** The waiting slot may play nothing; the two call slots always ring. */
export const SILENT = 'silent';
export const CUSTOM_TONE_PREFIX = 'custom:';

/** Which tone each slot plays: a built-in id, `custom:<id>`, or (waiting only) `silent`. */
export type RingtoneSelection = {
  readonly incoming: string;
  readonly waiting: string;
  readonly permission: string;
  /** The waiting tone to bring back when silence is switched off (from the calling screen). */
  readonly lastAudibleWaiting: string;
};

export const SLOT_DEFAULTS: Readonly<Record<SlotId, string>> = {
  incoming: 'classic',
  waiting: 'ringback',
  permission: 'urgent',
};

/** localStorage key of the selection record (the audio itself is in IndexedDB `ringback-ringtones`). */
export const RINGTONES_KEY = 'ringback.ringtones';
const RECORD_VERSION = 1;

export function defaultSelection(): RingtoneSelection {
  return { ...SLOT_DEFAULTS, lastAudibleWaiting: SLOT_DEFAULTS.waiting };
}

export function isCustomToneId(id: string): boolean {
  return id.startsWith(CUSTOM_TONE_PREFIX) && id.length > CUSTOM_TONE_PREFIX.length;
}

/** Whether a slot may hold this id (custom ids are taken on trust: the store may not be open yet). */
export function slotAccepts(slot: SlotId, id: string): boolean {
  if (id === SILENT) return slot === 'waiting';
  return builtInTone(id) !== undefined || isCustomToneId(id);
}

/** The slots other than this one, in page order (their tones are marked "In use by …"). */
export function otherSlots(slot: SlotId): SlotId[] {
  return SLOT_IDS.filter((other) => other !== slot);
}

export function selectTone(selection: RingtoneSelection, slot: SlotId, id: string): RingtoneSelection {
  if (!slotAccepts(slot, id)) return selection;
  if (slot !== 'waiting') return { ...selection, [slot]: id };
  return { ...selection, waiting: id, lastAudibleWaiting: id === SILENT ? selection.lastAudibleWaiting : id };
}

/** The calling screen's quick switch: silence, or back to the waiting tone chosen before. */
export function setWaitingSilent(selection: RingtoneSelection, silent: boolean): RingtoneSelection {
  return selectTone(selection, 'waiting', silent ? SILENT : selection.lastAudibleWaiting);
}

/** The slots currently playing this tone. */
export function slotsUsing(selection: RingtoneSelection, id: string): SlotId[] {
  return SLOT_IDS.filter((slot) => selection[slot] === id);
}

/** After deleting tones, every slot that used one returns to its default; `reset` names those slots. */
export function afterDelete(
  selection: RingtoneSelection,
  deleted: readonly string[],
): { selection: RingtoneSelection; reset: SlotId[] } {
  const gone = new Set(deleted);
  const reset = SLOT_IDS.filter((slot) => gone.has(selection[slot]));
  let next = selection;
  for (const slot of reset) next = selectTone(next, slot, SLOT_DEFAULTS[slot]);
  if (gone.has(next.lastAudibleWaiting)) next = { ...next, lastAudibleWaiting: SLOT_DEFAULTS.waiting };
  return { selection: next, reset };
}

/** A custom tone that is no longer stored (deleted in another tab, storage cleared) counts as the default. */
export function resolveSelection(
  selection: RingtoneSelection,
  customIds: ReadonlySet<string>,
): RingtoneSelection {
  const missing = [...SLOT_IDS.map((slot) => selection[slot]), selection.lastAudibleWaiting].filter(
    (id) => isCustomToneId(id) && !customIds.has(id),
  );
  return missing.length === 0 ? selection : afterDelete(selection, missing).selection;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whatever was stored, as a selection: each slot that is missing or not acceptable takes its default on
 * its own (a record from before the permission slot rings permission calls with its default).
 * `legacyWaitingTone` is the older `ringback.settings.waitingTone`, used only when there is no
 * record yet, so a user who had silenced the waiting tone keeps it silent.
 */
export function parseSelection(value: unknown, legacyWaitingTone?: 'ringback' | 'silent'): RingtoneSelection {
  const defaults = defaultSelection();
  if (!isObject(value)) {
    return legacyWaitingTone === 'silent' ? { ...defaults, waiting: SILENT } : defaults;
  }
  const pick = (slot: SlotId, raw: unknown) =>
    typeof raw === 'string' && slotAccepts(slot, raw) ? raw : SLOT_DEFAULTS[slot];
  const waiting = pick('waiting', value.waiting);
  const lastAudible = pick('waiting', value.lastAudibleWaiting);
  return {
    incoming: pick('incoming', value.incoming),
    waiting,
    permission: pick('permission', value.permission),
    lastAudibleWaiting:
      lastAudible === SILENT ? (waiting === SILENT ? SLOT_DEFAULTS.waiting : waiting) : lastAudible,
  };
}

/** The part of the app's `KeyValueStore` the record needs. */
export type SelectionStorage = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
};

export function loadSelection(
  storage: Pick<SelectionStorage, 'getItem'>,
  legacyWaitingTone?: 'ringback' | 'silent',
): RingtoneSelection {
  let raw: unknown = null;
  try {
    const text = storage.getItem(RINGTONES_KEY);
    raw = text === null ? null : JSON.parse(text);
  } catch {
    raw = {}; // unreadable: defaults, and no legacy migration over a record that did exist
  }
  return parseSelection(raw, legacyWaitingTone);
}

/** Writes the record; false when the store refused it (full), so the caller can say so. */
export function saveSelection(
  storage: Pick<SelectionStorage, 'setItem'>,
  selection: RingtoneSelection,
): boolean {
  const record = {
    version: RECORD_VERSION,
    incoming: selection.incoming,
    waiting: selection.waiting,
    permission: selection.permission,
    lastAudibleWaiting: selection.lastAudibleWaiting,
  };
  try {
    storage.setItem(RINGTONES_KEY, JSON.stringify(record));
    return true;
  } catch {
    return false;
  }
}
