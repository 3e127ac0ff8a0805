import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import {
  afterDelete,
  BUILT_IN_TONES,
  type CustomTone,
  type Ringtones,
  resolveSelection,
  SILENT,
  type SlotId,
  selectTone,
} from '../../ringtone';
import { RingtoneSlotPage, RingtonesPage } from '../../ui/ringtones';

interface Props {
  /** The page's ringtones (services.ts `ringtones`): selection record, custom-tone store and player. */
  ringtones: Ringtones;
  onBack(): void;
  /** Open straight on one slot's page (Back then leaves the screen). */
  slot?: SlotId;
}

const BUILT_IN_OPTIONS = BUILT_IN_TONES.map(({ id, name }) => ({ id, name }));

/** The Ringtones settings: the three slots, and each slot's page wired to the store, selection and player. */
export function RingtonesScreen({ ringtones, onBack, slot: initialSlot }: Props) {
  const { selection: selectionStore, tones, player } = ringtones;
  const [slot, setSlot] = useState<SlotId | null>(initialSlot ?? null);
  const stored = useSyncExternalStore(selectionStore.subscribe, selectionStore.get);
  const [custom, setCustom] = useState<CustomTone[] | null>(null);
  const [loadError, setLoadError] = useState(false);

  const refresh = useCallback(async () => {
    try {
      setCustom(await tones.list());
      setLoadError(false);
    } catch {
      setCustom((current) => current ?? []);
      setLoadError(true);
    }
  }, [tones]);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  // Leaving the settings ends any preview still playing.
  useEffect(() => () => player.stopPreview(), [player]);

  // A custom tone missing from the store (deleted in another tab, storage cleared) shows as the default,
  // as the player rings it; until the list is read, trust the record.
  const selection =
    custom && !loadError ? resolveSelection(stored, new Set(custom.map((tone) => tone.id))) : stored;
  const select = (target: SlotId, id: string) =>
    selectionStore.set(selectTone(selectionStore.get(), target, id));

  if (!slot) {
    const nameOf = (id: string) =>
      id === SILENT
        ? 'Silent'
        : ([...BUILT_IN_OPTIONS, ...(custom ?? [])].find((tone) => tone.id === id)?.name ?? '');
    return (
      <RingtonesPage
        current={{
          incoming: nameOf(selection.incoming),
          waiting: nameOf(selection.waiting),
          permission: nameOf(selection.permission),
        }}
        onOpen={setSlot}
        onBack={onBack}
      />
    );
  }
  if (!custom) return null; // read in a moment; the slot page needs the names of your tones

  return (
    <RingtoneSlotPage
      key={slot}
      slot={slot}
      builtIn={BUILT_IN_OPTIONS}
      custom={custom}
      selection={selection}
      onPreview={(id) => player.preview(id)}
      onSelect={(id) => select(slot, id)}
      onAdd={async (files) => {
        const outcome = await tones.add(files);
        const first = outcome.added[0];
        if (first) select(slot, first.id);
        await refresh();
        return outcome;
      }}
      onRename={async (id, name) => {
        await tones.rename(id, name);
        await refresh();
      }}
      onDelete={async (ids) => {
        await tones.remove(ids);
        selectionStore.set(afterDelete(selection, ids).selection);
        await refresh();
      }}
      onBack={() => {
        player.stopPreview();
        if (initialSlot) onBack();
        else setSlot(null);
      }}
    />
  );
}
