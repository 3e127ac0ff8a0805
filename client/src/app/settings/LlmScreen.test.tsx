// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testConnection } from '../../llm';
import type { SettingsRequest } from '../../relay';
import { defaultSettings, type LocalSettings } from '../../storage';
import { writeToComputer } from './computer-writes';
import { LlmScreen } from './LlmScreen';

const settings: LocalSettings = {
  ...defaultSettings(),
  serverAddress: 'https://relay.example',
  deviceToken: 'dev_token',
  daemonDeviceId: 'computer-1',
  e2eKey: 'k1_key',
  llm: { baseUrl: 'https://llm.example/v1', apiKey: 'sk-saved-1234', model: 'small-model' },
};

const updateSettings = vi.fn();
vi.mock('../session-context', () => ({
  useSession: () => ({ client: {}, settings, updateSettings }),
}));
vi.mock('./computer-writes', () => ({ writeToComputer: vi.fn() }));
vi.mock('../../llm', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../llm')>()),
  testConnection: vi.fn(async () => ({ ok: true, model: 'small-model' })),
}));

const computerMode = { current: 'json_object' as 'json_schema' | 'json_object' };
const requests = () =>
  vi.mocked(writeToComputer).mock.calls.map(([, , request]) => request as SettingsRequest);

beforeEach(() => {
  vi.mocked(writeToComputer).mockImplementation(async () => {
    const channel = {
      baseUrl: 'https://llm.example/v1',
      model: 'small-model',
      keyHint: '****…1234',
      structuredOutput: computerMode.current,
    };
    return { channel };
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const mode = () => screen.getByLabelText('Structured output') as HTMLSelectElement;

describe('LlmScreen', () => {
  it("shows the computer's saved mode, tests with it and sends it with the settings", async () => {
    computerMode.current = 'json_object';
    render(<LlmScreen onBack={() => undefined} />);
    await waitFor(() => expect(mode().value).toBe('json_object'));
    expect(requests()[0]).toEqual({ method: 'GET', path: '/llm/settings' });

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    });
    expect(testConnection).toHaveBeenCalledWith(
      expect.objectContaining({ baseUrl: 'https://llm.example/v1', structuredOutput: 'json_object' }),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(requests().at(-1)).toEqual({
      method: 'PUT',
      path: '/llm/settings',
      body: {
        baseUrl: 'https://llm.example/v1',
        model: 'small-model',
        apiKey: 'sk-saved-1234',
        structuredOutput: 'json_object',
      },
    });
  });

  it('sends the mode the user picked', async () => {
    computerMode.current = 'json_schema';
    render(<LlmScreen onBack={() => undefined} />);
    await waitFor(() => expect(requests()).toHaveLength(1));
    fireEvent.change(mode(), { target: { value: 'json_object' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(requests().at(-1)?.body).toMatchObject({ structuredOutput: 'json_object' });
  });

  it('offers "Your computer" for questions and saves the choice', async () => {
    render(<LlmScreen onBack={() => undefined} />);
    await waitFor(() => expect(requests()).toHaveLength(1));
    const group = screen.getByRole('radiogroup', { name: 'Questions are answered by' });
    expect((screen.getByRole('radio', { name: /This device/ }) as HTMLInputElement).checked).toBe(true);
    expect(group).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Your computer/ }));
    expect(updateSettings).toHaveBeenCalledWith({ questionModelSource: 'computer' });
  });

  it('says so when the computer is offline and chosen', async () => {
    settings.questionModelSource = 'computer';
    vi.mocked(writeToComputer).mockRejectedValue(
      Object.assign(new Error('offline'), { code: 'device_offline' }),
    );
    try {
      render(<LlmScreen onBack={() => undefined} />);
      await screen.findByText(/Your computer is not connected right now/);
    } finally {
      settings.questionModelSource = 'direct';
    }
  });

  it('shows the computer’s model, its key only as a hint, on a phone that has none of its own', async () => {
    const own = settings.llm;
    settings.llm = { baseUrl: '', apiKey: '', model: '' };
    try {
      render(<LlmScreen onBack={() => undefined} />);
      await waitFor(() =>
        expect((screen.getByLabelText('Base address') as HTMLInputElement).value).toBe(
          'https://llm.example/v1',
        ),
      );
      expect((screen.getByLabelText('Model') as HTMLInputElement).value).toBe('small-model');
      const key = screen.getByLabelText('API key') as HTMLInputElement;
      expect(key.value).toBe('');
      expect(key.placeholder).toContain('****…1234');
    } finally {
      settings.llm = own;
    }
  });
});
