// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUILT_IN_TONES } from '../../ringtone/builtInTones';
import {
  afterDelete,
  defaultSelection,
  type RingtoneSelection,
  type SlotId,
} from '../../ringtone/ringtoneSlots';
import { RingtoneSlotPage } from './RingtoneSlotPage';
import type { AddTonesOutcome, CustomToneOption } from './types';

afterEach(cleanup);

const BUILT_IN = BUILT_IN_TONES.map(({ id, name }) => ({ id, name }));

/** Custom tones `Tone 1` … `Tone n`, Tone n the newest. */
function customTones(count: number): CustomToneOption[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `custom:${index + 1}`,
    name: `Tone ${index + 1}`,
    addedAt: 1000 + index,
  }));
}

type Options = {
  slot?: SlotId;
  custom?: CustomToneOption[];
  selection?: Partial<RingtoneSelection>;
  onPreview?: (id: string) => Promise<void> | void;
  onAdd?: (files: File[]) => Promise<AddTonesOutcome>;
};

/** The page with its selection held as the screen holds it, and every callback recorded. */
function renderPage(options: Options = {}) {
  const calls = {
    preview: vi.fn(options.onPreview ?? (() => undefined)),
    select: vi.fn(),
    add: vi.fn(options.onAdd ?? (async () => ({ refused: [] }))),
    rename: vi.fn(async () => undefined),
    remove: vi.fn(),
  };
  const slot = options.slot ?? 'incoming';
  function Harness() {
    const [selection, setSelection] = useState<RingtoneSelection>({
      ...defaultSelection(),
      ...options.selection,
    });
    const [custom, setCustom] = useState(options.custom ?? []);
    return (
      <RingtoneSlotPage
        slot={slot}
        builtIn={BUILT_IN}
        custom={custom}
        selection={selection}
        onPreview={calls.preview}
        onSelect={(id) => {
          calls.select(id);
          setSelection((current) => ({ ...current, [slot]: id }));
        }}
        onAdd={calls.add}
        onRename={calls.rename}
        onDelete={(ids) => {
          calls.remove(ids);
          setCustom((current) => current.filter((tone) => !ids.includes(tone.id)));
          setSelection((current) => afterDelete(current, ids).selection);
        }}
        onBack={vi.fn()}
      />
    );
  }
  render(<Harness />);
  return calls;
}

const radioNames = () => screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'));
const checked = () => (screen.getAllByRole('radio') as HTMLInputElement[]).find((radio) => radio.checked);

describe('RingtoneSlotPage', () => {
  it('lists the tones as radio options named by the tone, Classic chosen on the incoming slot', () => {
    renderPage();
    for (const name of ['Classic', 'Ringback', 'Marimba', 'Chime', 'Digital', 'Pulse']) {
      expect(screen.getByRole('radio', { name })).toBeTruthy();
    }
    expect((screen.getByRole('radio', { name: 'Classic' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('heading', { name: 'Incoming call ringtone' })).toBeTruthy();
  });

  it('offers Silent on the waiting slot only', () => {
    renderPage({ slot: 'incoming' });
    expect(screen.queryByRole('radio', { name: 'Silent' })).toBeNull();
    cleanup();
    renderPage({ slot: 'waiting' });
    expect(screen.getByRole('radio', { name: 'Silent' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Ringback' }) as HTMLInputElement).checked).toBe(true);
  });

  it('pins the current tone at the top with Preview; a silent slot has nothing to preview', () => {
    const calls = renderPage({ slot: 'waiting', selection: { waiting: 'chime' } });
    const current = screen.getByRole('region', { name: 'Current tone' });
    expect(within(current).getByText('Chime')).toBeTruthy();
    fireEvent.click(within(current).getByRole('button', { name: 'Preview' }));
    expect(calls.preview).toHaveBeenCalledWith('chime');
    cleanup();
    renderPage({ slot: 'waiting', selection: { waiting: 'silent' } });
    const silent = screen.getByRole('region', { name: 'Current tone' });
    expect(within(silent).getByText('Silent')).toBeTruthy();
    expect(within(silent).queryByRole('button', { name: 'Preview' })).toBeNull();
  });

  it('a tap previews the tone once and selects it; tapping the chosen tone previews it again', () => {
    const calls = renderPage();
    fireEvent.click(screen.getByRole('radio', { name: 'Marimba' }));
    expect(calls.preview).toHaveBeenCalledTimes(1);
    expect(calls.preview).toHaveBeenCalledWith('marimba');
    expect(calls.select).toHaveBeenCalledWith('marimba');
    expect(checked()?.value).toBe('marimba');
    const current = screen.getByRole('region', { name: 'Current tone' });
    expect(within(current).getByText('Marimba')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Marimba' }));
    expect(calls.preview).toHaveBeenCalledTimes(2);
  });

  it('shows why a preview failed', async () => {
    renderPage({
      custom: customTones(1),
      onPreview: async () => {
        throw new Error('This file cannot be played on this device.');
      },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: 'Tone 1' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('Tone 1: This file cannot be played on this device.');
  });

  it('shows a search box only above 8 tones, and it narrows the list', () => {
    renderPage({ custom: customTones(1) }); // 7 + 1 = 8
    expect(screen.queryByRole('searchbox', { name: 'Search tones' })).toBeNull();
    cleanup();
    renderPage({ custom: customTones(2) }); // 9
    const search = screen.getByRole('searchbox', { name: 'Search tones' });
    fireEvent.change(search, { target: { value: 'CHI' } });
    expect(radioNames()).toEqual(['chime']);
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.getByText('No tone matches.')).toBeTruthy();
  });

  it('lists your tones newest first, 5 of them until Show all', () => {
    renderPage({ custom: customTones(7) });
    const yours = screen.getByRole('region', { name: 'Your tones' });
    const names = () =>
      within(yours)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value'));
    expect(names()).toEqual(['custom:7', 'custom:6', 'custom:5', 'custom:4', 'custom:3']);
    fireEvent.click(screen.getByRole('button', { name: 'Show all (7)' }));
    expect(names()).toHaveLength(7);
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull();
  });

  it('labels the tones the other slots use', () => {
    renderPage({ slot: 'incoming', custom: customTones(1), selection: { waiting: 'custom:1' } });
    expect(screen.getByRole('radio', { name: 'Tone 1' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Tone 1' })).toHaveProperty('checked', false);
    expect(screen.getByText('In use by waiting')).toBeTruthy();
    cleanup();
    renderPage({ slot: 'waiting' });
    const classic = screen.getByRole('radio', { name: 'Classic' });
    const note = document.getElementById(classic.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toBe('In use by incoming calls');
    expect(screen.getAllByText(/In use by/).map((label) => label.textContent)).toEqual([
      'In use by incoming calls',
      'In use by permission calls',
    ]);
    cleanup();
    // A tone two other slots use names both.
    renderPage({ slot: 'waiting', selection: { permission: 'classic' } });
    expect(screen.getByText('In use by incoming calls · In use by permission calls')).toBeTruthy();
  });

  it('the permission slot: Urgent chosen by default, no Silent, its choice saved for that slot only', () => {
    const calls = renderPage({ slot: 'permission' });
    expect(screen.getByRole('heading', { name: 'Permission call ringtone' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Urgent' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('radio', { name: 'Silent' })).toBeNull();
    expect(screen.getByText('In use by incoming calls')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Digital' }));
    expect(calls.select).toHaveBeenCalledWith('digital');
    expect(calls.preview).toHaveBeenCalledWith('digital');
    expect(screen.getByRole('radio', { name: 'Digital' })).toHaveProperty('checked', true);
  });

  it('Add takes several audio files; one over 10 MB is named "too large (10 MB max)" and left out', async () => {
    const calls = renderPage();
    expect(screen.getByRole('button', { name: 'Add' })).toBeTruthy();
    const input = screen.getByLabelText('Audio files to add') as HTMLInputElement;
    expect(input.accept).toBe('audio/*');
    expect(input.multiple).toBe(true);
    const huge = new File(['x'], 'Huge.wav', { type: 'audio/wav' });
    Object.defineProperty(huge, 'size', { value: 10 * 1024 * 1024 + 1 });
    const small = new File(['x'], 'Dawn.mp3', { type: 'audio/mpeg' });
    const other = new File(['x'], 'Birds.ogg', { type: 'audio/ogg' });
    await act(async () => {
      fireEvent.change(input, { target: { files: [huge, small, other] } });
    });
    expect(calls.add).toHaveBeenCalledWith([small, other]);
    expect(screen.getByRole('alert').textContent).toBe('“Huge.wav” is too large (10 MB max)');
  });

  it('shows the files the store refused', async () => {
    renderPage({ onAdd: async () => ({ refused: [{ name: 'Dawn', reason: '“Dawn”: storage is full' }] }) });
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Audio files to add'), {
        target: { files: [new File(['x'], 'Dawn.mp3', { type: 'audio/mpeg' })] },
      });
    });
    expect(screen.getByRole('alert').textContent).toBe('“Dawn”: storage is full');
  });

  it('entering Edit mode clears what the last add said', async () => {
    renderPage({
      custom: customTones(1),
      onAdd: async () => ({ refused: [{ name: 'Dawn', reason: '“Dawn”: storage is full' }] }),
    });
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Audio files to add'), {
        target: { files: [new File(['x'], 'Dawn.mp3', { type: 'audio/mpeg' })] },
      });
    });
    expect(screen.getByRole('alert')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Edit renames a tone', async () => {
    const calls = renderPage({ custom: customTones(2) });
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.queryByRole('radio')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Rename Tone 1' }));
    fireEvent.change(screen.getByLabelText('New name for Tone 1'), { target: { value: ' Morning ' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(calls.rename).toHaveBeenCalledWith('custom:1', 'Morning');
    expect(screen.queryByLabelText('New name for Tone 1')).toBeNull();
  });

  it('Edit deletes several tones not in use at once, without asking', async () => {
    const calls = renderPage({ custom: customTones(3) });
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const deleteButton = screen.getByRole('button', { name: /^Delete selected/ }) as HTMLButtonElement;
    expect(deleteButton.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tone 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tone 3' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.remove).toHaveBeenCalledWith(['custom:1', 'custom:3']);
    expect(screen.getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual(['Tone 2']);
  });

  it('deleting a tone in use asks first; after confirming, that slot returns to its default', async () => {
    const calls = renderPage({ custom: customTones(2), selection: { incoming: 'custom:2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tone 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected (1)' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete a tone in use?' });
    expect(dialog.textContent).toContain('Tone 2 is the incoming call ringtone.');
    expect(dialog.textContent).toContain('Incoming calls will ring with Classic again.');
    expect(calls.remove).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    });
    expect(calls.remove).toHaveBeenCalledWith(['custom:2']);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(checked()?.value).toBe('classic');
    const current = screen.getByRole('region', { name: 'Current tone' });
    expect(within(current).getByText('Classic')).toBeTruthy();
  });

  it('cancelling the confirmation keeps the tone', () => {
    const calls = renderPage({
      slot: 'waiting',
      custom: customTones(1),
      selection: { incoming: 'custom:1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tone 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected (1)' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(calls.remove).not.toHaveBeenCalled();
    expect(screen.getByRole('checkbox', { name: 'Tone 1' })).toBeTruthy();
  });

  it('has no Edit button without tones of your own', () => {
    renderPage();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
