// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings, type LocalSettings } from '../../storage';
import { writeToComputer } from './computer-writes';
import { SpeechRecognitionScreen } from './SpeechRecognitionScreen';

const settings: LocalSettings = { ...defaultSettings(), daemonDeviceId: 'computer-1' };
const updateSettings = vi.fn();
const client = {};
vi.mock('../session-context', () => ({
  useSession: () => ({ client, settings, e2eKey: null, updateSettings }),
}));
vi.mock('./computer-writes', () => ({ writeToComputer: vi.fn(async () => ({ transcription: null })) }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  settings.speechRecognitionSource = 'direct';
});

describe('SpeechRecognitionScreen', () => {
  it('offers "Your computer" and saves the choice', () => {
    render(<SpeechRecognitionScreen onBack={() => undefined} />);
    expect(screen.getByLabelText('Base address')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Your computer/ }));
    expect(updateSettings).toHaveBeenCalledWith({ speechRecognitionSource: 'computer' });
  });

  it('with "Your computer" chosen, asks the computer and says when it has nothing set', async () => {
    settings.speechRecognitionSource = 'computer';
    render(<SpeechRecognitionScreen onBack={() => undefined} />);
    await screen.findByText('Your computer has no speech recognition set yet: set it below.');
    expect(vi.mocked(writeToComputer).mock.calls[0]?.[2]).toEqual({
      method: 'GET',
      path: '/transcription/settings',
    });
    expect(screen.queryByLabelText('Base address')).toBeNull();
  });

  it('edits the computer’s own speech recognition, sealed, with its key shown only as a hint', async () => {
    settings.speechRecognitionSource = 'computer';
    const saved = { baseUrl: 'http://10.0.0.5:8000/v1', model: 'large-v3', keyHint: '****…9f2a' };
    vi.mocked(writeToComputer).mockImplementation(async (_client, _target, request) =>
      request.method === 'PUT'
        ? { transcription: { ...saved, model: 'large-v3-turbo' } }
        : { transcription: saved },
    );
    render(<SpeechRecognitionScreen onBack={() => undefined} />);
    const address = (await screen.findByDisplayValue(saved.baseUrl)) as HTMLInputElement;
    expect(address).toBeTruthy();
    const key = screen.getByLabelText('Key on your computer') as HTMLInputElement;
    expect(key.value).toBe('');
    expect(key.placeholder).toContain('****…9f2a');
    fireEvent.change(screen.getByLabelText('Model on your computer'), {
      target: { value: 'large-v3-turbo' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save on your computer' }));
    });
    await screen.findByText('Saved on your computer.');
    const writes = vi.mocked(writeToComputer).mock.calls.filter(([, , request]) => request.method === 'PUT');
    expect(writes.map(([, , request]) => request)).toEqual([
      {
        method: 'PUT',
        path: '/transcription/settings',
        body: { baseUrl: saved.baseUrl, model: 'large-v3-turbo' },
      },
    ]);
  });
});
