// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DevicesPage } from './DevicesPage';
import { KeySettingsPage } from './KeySettingsPage';
import { LlmSettingsPage } from './LlmSettingsPage';
import { DEFAULT_SETTINGS_GROUPS, SettingsList } from './SettingsList';
import { VoiceSettingsPage } from './VoiceSettingsPage';
import type { VoiceEngine } from './voiceTypes';

afterEach(cleanup);

describe('SettingsList', () => {
  it('opens a page by id and goes back', () => {
    const onOpen = vi.fn();
    const onBack = vi.fn();
    render(<SettingsList groups={DEFAULT_SETTINGS_GROUPS} onOpen={onOpen} onBack={onBack} />);
    fireEvent.click(screen.getByRole('button', { name: 'End-to-end key' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onOpen).toHaveBeenCalledWith('key');
    expect(onBack).toHaveBeenCalledOnce();
  });
});

describe('KeySettingsPage', () => {
  it('refuses a short passphrase, saves a long one and never shows a key', async () => {
    const onSave = vi.fn(async () => undefined);
    render(<KeySettingsPage onSave={onSave} onBack={vi.fn()} hasKey />);
    const input = screen.getByLabelText('Passphrase');
    fireEvent.change(input, { target: { value: 'too short' } });
    expect(screen.getByText('9 of at least 12 characters')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'a much longer phrase' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(onSave).toHaveBeenCalledWith('a much longer phrase');
    expect(screen.getByText(/Saved\./)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/k1_/);
  });

  it('shows the error in words when saving fails', async () => {
    const onSave = vi.fn(async () => {
      throw new Error('Your computer did not answer.');
    });
    render(<KeySettingsPage onSave={onSave} onBack={vi.fn()} hasKey={false} />);
    fireEvent.change(screen.getByLabelText('Passphrase'), { target: { value: 'a much longer phrase' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('Your computer did not answer.');
  });
});

describe('LlmSettingsPage', () => {
  it('fills the address from a preset, loads models, reports a failed test and saves', async () => {
    const onLoadModels = vi.fn(async () => ['deepseek-chat', 'deepseek-reasoner']);
    const onTest = vi.fn(async () => ({ ok: false as const, reason: 'The key was refused (401).' }));
    const onSave = vi.fn(async () => undefined);
    render(
      <LlmSettingsPage
        initial={{ baseUrl: '', model: '', apiKeyHint: 'sk-…abcd' }}
        onLoadModels={onLoadModels}
        onTest={onTest}
        onSave={onSave}
        onBack={vi.fn()}
      />,
    );
    expect((screen.getByLabelText('API key') as HTMLInputElement).placeholder).toContain('sk-…abcd');
    fireEvent.change(screen.getByLabelText('Provider'), { target: { value: 'deepseek' } });
    expect((screen.getByLabelText('Base address') as HTMLInputElement).value).toBe(
      'https://api.deepseek.com/v1',
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Load models' }));
    });
    expect(screen.getByText('2 models found.')).toBeTruthy();
    expect((screen.getByLabelText('Model') as HTMLInputElement).value).toBe('deepseek-chat');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    });
    expect(screen.getByText('The key was refused (401).')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(onSave).toHaveBeenCalledWith({
      preset: 'deepseek',
      baseUrl: 'https://api.deepseek.com/v1',
      apiKey: '',
      model: 'deepseek-chat',
      structuredOutput: 'json_schema',
    });
  });

  it('never fills in the computer’s model under a user who has started on the form', () => {
    const page = (baseUrl: string, model: string) => (
      <LlmSettingsPage
        initial={{ baseUrl, model }}
        onLoadModels={vi.fn(async () => [])}
        onTest={vi.fn(async () => ({ ok: true as const }))}
        onSave={vi.fn(async () => undefined)}
        onBack={vi.fn()}
      />
    );
    const { rerender } = render(page('', ''));
    const address = screen.getByLabelText('Base address') as HTMLInputElement;
    // The user is in the field, about to type, when the computer's model arrives.
    fireEvent.focus(address);
    rerender(page('https://llm.example/v1', 'small-model'));
    expect(address.value).toBe('');
    expect((screen.getByLabelText('Model') as HTMLInputElement).value).toBe('');
  });

  it('offers json_object for models without schema support; the test and the save carry the mode', async () => {
    const onTest = vi.fn(async () => ({ ok: true as const }));
    const onSave = vi.fn(async () => undefined);
    const page = (structuredOutput?: 'json_schema' | 'json_object') => (
      <LlmSettingsPage
        initial={{
          baseUrl: 'https://llm.example/v1',
          model: 'small-model',
          ...(structuredOutput ? { structuredOutput } : {}),
        }}
        onLoadModels={vi.fn(async () => [])}
        onTest={onTest}
        onSave={onSave}
        onBack={vi.fn()}
      />
    );
    const { rerender } = render(page());
    const mode = () => screen.getByLabelText('Structured output') as HTMLSelectElement;
    expect(mode().value).toBe('json_schema');
    // The computer's saved mode arrives after the page opened.
    rerender(page('json_object'));
    expect(mode().value).toBe('json_object');
    fireEvent.change(mode(), { target: { value: 'json_schema' } });
    rerender(page('json_object'));
    expect(mode().value).toBe('json_schema');

    fireEvent.change(mode(), { target: { value: 'json_object' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    });
    expect(onTest).toHaveBeenCalledWith(expect.objectContaining({ structuredOutput: 'json_object' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ structuredOutput: 'json_object' }));
  });
});

describe('VoiceSettingsPage', () => {
  const engines: VoiceEngine[] = [
    {
      id: 'espeak',
      name: 'On-device voice',
      category: 'on-device',
      fields: [],
      models: [],
      voices: [{ id: 'en-us', name: 'English (US)' }],
      rateRange: { min: 0.5, max: 2 },
    },
    {
      id: 'openai',
      name: 'OpenAI',
      category: 'cloud',
      fields: [{ id: 'apiKey', label: 'API key', kind: 'secret' }],
      models: [{ id: 'tts-1', name: 'tts-1' }],
      voices: [{ id: 'alloy', name: 'Alloy' }],
      allowsCustomVoice: true,
      rateRange: null,
    },
    {
      id: 'custom',
      name: 'Custom HTTP',
      category: 'custom',
      fields: [],
      models: [],
      voices: [],
      rateRange: { min: 0.8, max: 1.5 },
    },
  ];

  it('switches engines, renders their fields, notes speed limits, previews and saves', async () => {
    const onPreview = vi.fn(async () => undefined);
    const onSave = vi.fn(async () => undefined);
    render(
      <VoiceSettingsPage
        engines={engines}
        initial={{ engineId: 'espeak', fields: {}, model: '', voice: 'en-us', rate: 1 }}
        onPreview={onPreview}
        onSave={onSave}
        onImportCurl={vi.fn()}
        onBack={vi.fn()}
      />,
    );
    fireEvent.change(screen.getByLabelText('Engine'), { target: { value: 'openai' } });
    expect(screen.getByText('This voice has no speed setting, so the rate has no effect.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'sk-test' } });
    fireEvent.change(screen.getByLabelText(/Speech rate/), { target: { value: '1.5' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    const saved = {
      engineId: 'openai',
      fields: { apiKey: 'sk-test' },
      model: 'tts-1',
      voice: 'alloy',
      rate: 1.5,
    };
    expect(onPreview).toHaveBeenCalledWith(saved);
    expect(onSave).toHaveBeenCalledWith(saved);
  });

  it("lists the account's voices where the platform can, and offers them beside the built-in ones", async () => {
    const listing = engines.map((engine) =>
      engine.id === 'openai' ? { ...engine, canListVoices: true } : engine,
    );
    const onListVoices = vi.fn(async () => [
      { id: 'alloy', name: 'Alloy' },
      { id: 'my-clone', name: 'My cloned voice' },
    ]);
    render(
      <VoiceSettingsPage
        engines={listing}
        initial={{ engineId: 'espeak', fields: {}, model: '', voice: 'en-us', rate: 1 }}
        onPreview={vi.fn()}
        onSave={vi.fn()}
        onImportCurl={vi.fn()}
        onListVoices={onListVoices}
        onBack={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: 'List voices' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Engine'), { target: { value: 'openai' } });
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'sk-test' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'List voices' }));
    });
    expect(onListVoices).toHaveBeenCalledWith(
      expect.objectContaining({ engineId: 'openai', fields: { apiKey: 'sk-test' } }),
    );
    const options = Array.from((screen.getByLabelText('Voice') as HTMLSelectElement).options).map(
      (o) => o.text,
    );
    expect(options).toEqual(['Alloy', 'My cloned voice', 'Other voice id…']);
    expect(screen.getByText('Voices listed.')).toBeTruthy();
  });

  it('follows saved values the user has not edited (set from the computer after it opened), never over an edit', async () => {
    const onSave = vi.fn(async () => undefined);
    const page = (initial: Parameters<typeof VoiceSettingsPage>[0]['initial']) => (
      <VoiceSettingsPage
        engines={engines}
        initial={initial}
        onPreview={vi.fn()}
        onSave={onSave}
        onImportCurl={vi.fn()}
        onBack={vi.fn()}
      />
    );
    const espeak = { engineId: 'espeak', fields: {}, model: '', voice: 'en-us', rate: 1 };
    const openai = { engineId: 'openai', fields: {}, model: 'tts-1', voice: 'alloy', rate: 1 };
    const engine = () => (screen.getByLabelText('Engine') as HTMLSelectElement).value;
    const rate = () => (screen.getByLabelText(/Speech rate/) as HTMLInputElement).value;
    const { rerender } = render(page(espeak));
    rerender(page(openai));
    expect(engine()).toBe('openai');
    expect((screen.getByLabelText('Voice') as HTMLSelectElement).value).toBe('alloy');

    // The rate is the user's; the engine still follows, and Save writes both as shown.
    fireEvent.change(screen.getByLabelText(/Speech rate/), { target: { value: '1.5' } });
    rerender(page(espeak));
    expect(engine()).toBe('espeak');
    expect(rate()).toBe('1.5');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(onSave).toHaveBeenLastCalledWith({ ...espeak, rate: 1.5 });

    // Saved: every field follows again.
    rerender(page({ ...openai, rate: 1.5 }));
    expect(engine()).toBe('openai');
    rerender(page({ ...openai, rate: 2 }));
    expect(rate()).toBe('2');

    // An engine chosen here stays, with its voice, whatever is saved meanwhile.
    fireEvent.change(screen.getByLabelText('Engine'), { target: { value: 'espeak' } });
    rerender(page({ ...openai, voice: 'nova' }));
    expect(engine()).toBe('espeak');
    expect((screen.getByLabelText('Voice') as HTMLSelectElement).value).toBe('en-us');
  });

  it('keeps the Voice id field while the user types, even through an id the list has', () => {
    render(
      <VoiceSettingsPage
        engines={engines}
        initial={{ engineId: 'openai', fields: {}, model: 'tts-1', voice: 'my-voice', rate: 1 }}
        onPreview={vi.fn()}
        onSave={vi.fn()}
        onImportCurl={vi.fn()}
        onBack={vi.fn()}
      />,
    );
    for (const typed of ['', 'alloy', 'alloy-2']) {
      fireEvent.change(screen.getByLabelText('Voice id'), { target: { value: typed } });
      expect((screen.getByLabelText('Voice id') as HTMLInputElement).value).toBe(typed);
    }
  });

  it('imports a cURL command and lets the user pick the sentence, voice and speed', async () => {
    const onImportCurl = vi.fn(() => ({
      candidates: [
        { id: 'c1', label: 'Hello' },
        { id: 'c2', label: 'nova' },
      ],
      sentence: 'c1',
    }));
    const onSave = vi.fn(async () => undefined);
    render(
      <VoiceSettingsPage
        engines={engines}
        initial={{ engineId: 'custom', fields: {}, model: '', voice: '', rate: 1 }}
        onPreview={vi.fn()}
        onSave={onSave}
        onImportCurl={onImportCurl}
        onBack={vi.fn()}
      />,
    );
    expect(screen.getByText(/supports 0.8×–1.5×/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Paste a cURL command'), {
      target: { value: 'curl https://x -d hi' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    });
    const voiceRow = screen.getByRole('group', { name: 'Which value is the voice?' });
    fireEvent.click(voiceRow.querySelectorAll('input')[2] as HTMLInputElement);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        curl: { curl: 'curl https://x -d hi', sentence: 'c1', voice: 'c2', speed: null },
      }),
    );
  });
});

describe('DevicesPage', () => {
  it('renames inline and removes only after confirming', async () => {
    const onRename = vi.fn(async () => undefined);
    const onRemove = vi.fn();
    render(
      <DevicesPage
        devices={[
          { id: 'd1', name: 'Laptop', kind: 'Computer', lastSeen: 'now', isThisDevice: true },
          { id: 'd2', name: 'Pixel', kind: 'Phone', lastSeen: '2025-05-01 10:00:00', isThisDevice: false },
        ]}
        onRename={onRename}
        onRemove={onRemove}
        onBack={vi.fn()}
      />,
    );
    expect(screen.getByText('This device')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rename Pixel' }));
    fireEvent.change(screen.getByLabelText('New name for Pixel'), { target: { value: 'My phone' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(onRename).toHaveBeenCalledWith('d2', 'My phone');

    fireEvent.click(screen.getByRole('button', { name: 'Remove Pixel' }));
    expect(screen.getByRole('dialog', { name: 'Remove Pixel?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onRemove).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Pixel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onRemove).toHaveBeenCalledWith('d2');
  });
});
