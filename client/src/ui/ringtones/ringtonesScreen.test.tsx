// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RingtonesScreen } from '../../app/settings/RingtonesScreen';
import { memoryToneBackend } from '../../ringtone/memoryToneBackend';
import { loadSelection, SILENT } from '../../ringtone/ringtoneSlots';
import { createRingtones } from '../../ringtone/ringtones';
import { fakePlaybackContext } from '../../ringtone/test-support';
import { memoryStore } from '../../storage/key-value-store';
import { RingtonesPage } from './RingtonesPage';

afterEach(cleanup);

function setup() {
  const storage = memoryStore();
  const audio = fakePlaybackContext();
  const ringtones = createRingtones({
    storage,
    context: () => audio.context,
    backend: memoryToneBackend(),
  });
  return { storage, audio, ringtones };
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe('RingtonesPage', () => {
  it('lists the three slots with their current tone and opens each', () => {
    const onOpen = vi.fn();
    render(
      <RingtonesPage
        current={{ incoming: 'Classic', waiting: 'Silent', permission: 'Urgent' }}
        onOpen={onOpen}
        onBack={vi.fn()}
      />,
    );
    const incoming = screen.getByRole('button', { name: 'Incoming call ringtone' });
    expect(incoming.textContent).toContain('Classic');
    fireEvent.click(incoming);
    fireEvent.click(screen.getByRole('button', { name: 'Waiting tone' }));
    const permission = screen.getByRole('button', { name: 'Permission call ringtone' });
    expect(permission.textContent).toContain('Urgent');
    fireEvent.click(permission);
    expect(onOpen.mock.calls).toEqual([['incoming'], ['waiting'], ['permission']]);
  });
});

describe('RingtonesScreen', () => {
  it('a file added on a slot page is used for that slot at once, and labelled on the other', async () => {
    const { storage, ringtones } = setup();
    render(<RingtonesScreen ringtones={ringtones} onBack={vi.fn()} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Incoming call ringtone' }));
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Audio files to add'), {
        target: { files: [new File([new Uint8Array([1, 2, 3])], 'Dawn.mp3', { type: 'audio/mpeg' })] },
      });
    });
    await settle();
    expect((screen.getByRole('radio', { name: 'Dawn' }) as HTMLInputElement).checked).toBe(true);
    expect(loadSelection(storage).incoming).toMatch(/^custom:/);

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Incoming call ringtone' }).textContent).toContain('Dawn');
    fireEvent.click(screen.getByRole('button', { name: 'Waiting tone' }));
    expect(screen.getByText('In use by incoming calls')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Silent' }));
    expect(loadSelection(storage).waiting).toBe(SILENT);
  });

  it('the permission slot: Urgent until another is chosen, saved in the record and rung by permission calls', async () => {
    const { storage, audio, ringtones } = setup();
    render(<RingtonesScreen ringtones={ringtones} onBack={vi.fn()} />);
    await settle();
    expect(screen.getByRole('button', { name: 'Permission call ringtone' }).textContent).toContain('Urgent');
    fireEvent.click(screen.getByRole('button', { name: 'Permission call ringtone' }));
    await settle();
    fireEvent.click(screen.getByRole('radio', { name: 'Marimba' }));
    expect(loadSelection(storage)).toMatchObject({ permission: 'marimba', incoming: 'classic' });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Permission call ringtone' }).textContent).toContain('Marimba');
    cleanup();
    audio.log.oscillators.length = 0;
    ringtones.call.start('permission');
    expect(audio.log.oscillators.map((o) => o.frequency)).toEqual([523.25, 2093]);
    ringtones.call.stop();
  });

  it('tapping a tone previews it once through the player and saves the choice', async () => {
    const { storage, audio, ringtones } = setup();
    render(<RingtonesScreen ringtones={ringtones} onBack={vi.fn()} slot="waiting" />);
    await settle();
    fireEvent.click(screen.getByRole('radio', { name: 'Pulse' }));
    expect(audio.log.oscillators.map((o) => o.frequency)).toEqual([620]);
    expect(loadSelection(storage).waiting).toBe('pulse');
    cleanup();
    expect(audio.log.oscillators.every((o) => o.stopped)).toBe(true);
  });

  it('deleting the tone in use, after confirming, returns its slot to the default', async () => {
    const { storage, ringtones } = setup();
    const { added } = await ringtones.tones.add([
      new File([new Uint8Array([1])], 'Dawn.mp3', { type: 'audio/mpeg' }),
    ]);
    const dawn = added[0]?.id ?? '';
    ringtones.selection.set({ ...ringtones.selection.get(), waiting: dawn, lastAudibleWaiting: dawn });
    render(<RingtonesScreen ringtones={ringtones} onBack={vi.fn()} slot="waiting" />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Dawn' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected (1)' }));
    await act(async () => {
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    });
    await settle();
    expect(loadSelection(storage).waiting).toBe('ringback');
    expect(await ringtones.tones.list()).toEqual([]);
    expect((screen.getByRole('radio', { name: 'Ringback' }) as HTMLInputElement).checked).toBe(true);
  });
});
