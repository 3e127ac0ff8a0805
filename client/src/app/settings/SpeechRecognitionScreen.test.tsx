// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings, type LocalSettings } from '../../storage';
import { writeToComputer } from './computer-writes';
import { SpeechRecognitionScreen } from './SpeechRecognitionScreen';

const settings: LocalSettings = { ...defaultSettings(), daemonDeviceId: 'computer-1' };
const updateSettings = vi.fn();
vi.mock('../session-context', () => ({
  useSession: () => ({ client: {}, settings, e2eKey: null, updateSettings }),
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
});
