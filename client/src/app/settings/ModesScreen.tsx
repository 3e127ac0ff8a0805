import { disableMode, enableMode, type Mode, updateMode } from '@ringback/machines';
import { useState, useSyncExternalStore } from 'react';
import { useText } from '../../i18n';
import { ModeEditPage, ModesPage } from '../../ui';
import { ringVerdictNow, modes as savedModes, setModes, verdictText } from '../ring-schedule';
import { randomId } from '../session/random-id';

/** Ring schedules: the modes with their switches, and each mode's own page. */
export function ModesScreen({ onBack }: { onBack(): void }) {
  const t = useText();
  const modes = useSyncExternalStore(savedModes.subscribe, savedModes.get);
  const verdict = useSyncExternalStore(ringVerdictNow.subscribe, ringVerdictNow.get);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ mode: Mode; isNew: boolean } | null>(null);

  if (editing) {
    return (
      <ModeEditPage
        key={editing.mode.id}
        mode={editing.mode}
        isNew={editing.isNew}
        onSave={(mode) => {
          const result = editing.isNew ? updateMode([...modes, mode], mode) : updateMode(modes, mode);
          if (!result.ok) return result.message;
          setModes(result.modes);
          setEditing({ mode, isNew: false });
          return null;
        }}
        onDelete={(id) => {
          setModes(modes.filter((mode) => mode.id !== id));
          setEditing(null);
        }}
        onBack={() => setEditing(null)}
      />
    );
  }
  return (
    <ModesPage
      modes={modes}
      verdict={verdictText(verdict, t)}
      refusal={refusal}
      onToggle={(id, on) => {
        const result = on ? enableMode(modes, id) : disableMode(modes, id);
        setRefusal(result.ok ? null : result.message);
        if (result.ok) setModes(result.modes);
      }}
      onEdit={(id) => {
        const mode = modes.find((item) => item.id === id);
        if (mode) setEditing({ mode, isNew: false });
      }}
      onAdd={() =>
        setEditing({
          isNew: true,
          mode: {
            id: randomId(),
            name: 'New mode',
            ranges: [{ start: '09:00', end: '17:00' }],
            weekdays: [0, 1, 2, 3, 4, 5, 6],
            rule: 'ringWithin',
            on: false,
          },
        })
      }
      onBack={onBack}
    />
  );
}
