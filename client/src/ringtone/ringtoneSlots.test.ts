import { describe, expect, it } from 'vitest';
import { memoryStore } from '../storage/key-value-store';
import { ringtoneSelectionStore } from './ringtoneSelection';
import {
  afterDelete,
  defaultSelection,
  loadSelection,
  otherSlots,
  parseSelection,
  RINGTONES_KEY,
  resolveSelection,
  SILENT,
  saveSelection,
  selectTone,
  setWaitingSilent,
  slotsUsing,
} from './ringtoneSlots';

describe('ringtone slots', () => {
  it('defaults: incoming rings Classic, waiting plays the 450 Hz ringback, permission calls the urgent tone', () => {
    expect(defaultSelection()).toMatchObject({
      incoming: 'classic',
      waiting: 'ringback',
      permission: 'urgent',
    });
  });

  it('the permission slot takes any tone but silence, on its own', () => {
    const start = defaultSelection();
    expect(selectTone(start, 'permission', SILENT)).toBe(start);
    const chosen = selectTone(start, 'permission', 'custom:siren');
    expect(chosen).toEqual({ ...start, permission: 'custom:siren' });
    expect(otherSlots('permission')).toEqual(['incoming', 'waiting']);
    expect(otherSlots('incoming')).toEqual(['waiting', 'permission']);
  });

  it('deleting the permission tone rings permission calls with the urgent tone again', () => {
    const chosen = selectTone(
      selectTone(defaultSelection(), 'permission', 'custom:a'),
      'incoming',
      'custom:a',
    );
    const { selection, reset } = afterDelete(chosen, ['custom:a']);
    expect(reset).toEqual(['incoming', 'permission']);
    expect(selection.permission).toBe('urgent');
    expect(
      resolveSelection(selectTone(defaultSelection(), 'permission', 'custom:gone'), new Set()).permission,
    ).toBe('urgent');
  });

  it('a record saved before the permission slot existed keeps its choices; permission calls ring urgent', () => {
    expect(
      parseSelection({ version: 1, incoming: 'marimba', waiting: 'silent', lastAudibleWaiting: 'chime' }),
    ).toEqual({
      incoming: 'marimba',
      waiting: SILENT,
      permission: 'urgent',
      lastAudibleWaiting: 'chime',
    });
    expect(parseSelection({ permission: 'silent' }).permission).toBe('urgent');
  });

  it('only the waiting slot may be silent; unknown built-ins are refused', () => {
    const start = defaultSelection();
    expect(selectTone(start, 'incoming', SILENT)).toBe(start);
    expect(selectTone(start, 'incoming', 'no-such-tone')).toBe(start);
    expect(selectTone(start, 'waiting', SILENT).waiting).toBe(SILENT);
    expect(selectTone(start, 'incoming', 'custom:abc').incoming).toBe('custom:abc');
    expect(selectTone(start, 'incoming', 'custom:').incoming).toBe('classic');
  });

  it("silencing the waiting tone and switching it back restores the user's choice", () => {
    const chosen = selectTone(defaultSelection(), 'waiting', 'chime');
    const silent = setWaitingSilent(chosen, true);
    expect(silent.waiting).toBe(SILENT);
    expect(setWaitingSilent(silent, false).waiting).toBe('chime');
  });

  it('deleting a tone returns every slot that used it to its default, and says which', () => {
    const both = selectTone(selectTone(defaultSelection(), 'incoming', 'custom:a'), 'waiting', 'custom:a');
    const { selection, reset } = afterDelete(both, ['custom:a', 'custom:b']);
    expect(reset).toEqual(['incoming', 'waiting']);
    expect(selection).toEqual(defaultSelection());
    expect(afterDelete(both, ['custom:b']).reset).toEqual([]);
    expect(slotsUsing(both, 'custom:a')).toEqual(['incoming', 'waiting']);
  });

  it('a silent waiting slot forgets a deleted tone it would have returned to', () => {
    const silent = setWaitingSilent(selectTone(defaultSelection(), 'waiting', 'custom:a'), true);
    const { selection } = afterDelete(silent, ['custom:a']);
    expect(selection.waiting).toBe(SILENT);
    expect(setWaitingSilent(selection, false).waiting).toBe('ringback');
  });

  it('a custom tone no longer stored reads as the default', () => {
    const chosen = selectTone(defaultSelection(), 'incoming', 'custom:gone');
    expect(resolveSelection(chosen, new Set()).incoming).toBe('classic');
    expect(resolveSelection(chosen, new Set(['custom:gone']))).toBe(chosen);
  });

  it('saves a small JSON record under ringback.ringtones and loads it back', () => {
    const storage = memoryStore();
    const chosen = selectTone(selectTone(defaultSelection(), 'incoming', 'marimba'), 'waiting', SILENT);
    expect(saveSelection(storage, chosen)).toBe(true);
    expect(JSON.parse(storage.getItem(RINGTONES_KEY) ?? '')).toEqual({
      version: 1,
      incoming: 'marimba',
      waiting: 'silent',
      permission: 'urgent',
      lastAudibleWaiting: 'ringback',
    });
    expect(loadSelection(storage)).toEqual(chosen);
  });

  it('each bad field takes its default on its own; unreadable JSON gives the defaults', () => {
    expect(parseSelection({ incoming: 'silent', waiting: 'pulse' })).toMatchObject({
      incoming: 'classic',
      waiting: 'pulse',
    });
    expect(parseSelection({ incoming: 'digital', waiting: 42 })).toMatchObject({
      incoming: 'digital',
      waiting: 'ringback',
    });
    const storage = memoryStore();
    storage.setItem(RINGTONES_KEY, '{not json');
    expect(loadSelection(storage, 'silent')).toEqual(defaultSelection());
  });

  it('with no record yet, the older settings.waitingTone = silent keeps the waiting slot silent', () => {
    expect(loadSelection(memoryStore(), 'silent').waiting).toBe(SILENT);
    expect(loadSelection(memoryStore(), 'ringback').waiting).toBe('ringback');
    const storage = memoryStore();
    saveSelection(storage, defaultSelection());
    expect(loadSelection(storage, 'silent').waiting).toBe('ringback');
  });

  it('a full store refuses the write without throwing', () => {
    expect(saveSelection(memoryStore({ quotaChars: 10 }), defaultSelection())).toBe(false);
  });

  it('the selection store saves at once and tells subscribers', () => {
    const storage = memoryStore();
    const store = ringtoneSelectionStore(storage);
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    store.set(selectTone(store.get(), 'incoming', 'chime'));
    expect(calls).toBe(1);
    expect(loadSelection(storage).incoming).toBe('chime');
    unsubscribe();
    store.set(defaultSelection());
    expect(calls).toBe(1);
  });
});
