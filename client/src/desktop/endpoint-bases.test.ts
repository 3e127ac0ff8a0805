import { describe, expect, it } from 'vitest';
import { defaultSettings, type LocalSettings } from '../storage';
import { endpointBases } from './endpoint-bases';

const settings = (patch: Partial<LocalSettings>): LocalSettings => ({ ...defaultSettings(), ...patch });

describe('the endpoints main may reach for the page', () => {
  it('names the model and the voice platforms the settings use, never the relay (the page reaches it itself)', () => {
    const bases = endpointBases(
      settings({
        serverAddress: 'https://relay.example/',
        llm: { baseUrl: 'https://llm.example/v1', apiKey: 'sk', model: 'm' },
        voice: {
          engineId: 'tencent',
          rate: 1,
          configs: {
            tencent: { values: { secretId: 'a', secretKey: 'b' }, model: '', voice: '' },
            openai: { values: { baseUrl: 'http://10.0.0.5:8000/v1/' }, model: '', voice: '' },
            azure: { values: { region: 'EastUS' }, model: '', voice: '' },
            custom: {
              values: {},
              model: '',
              voice: '',
              request: { url: 'https://tts.self.example/{{voice}}/speak' },
            },
          },
        },
      }),
    );
    expect(bases).toEqual(
      expect.arrayContaining([
        'https://llm.example/v1',
        'https://tts.tencentcloudapi.com',
        'http://10.0.0.5:8000/v1',
        'https://eastus.tts.speech.microsoft.com/cognitiveservices',
        'https://tts.self.example',
      ]),
    );
    expect(bases).not.toContain('https://relay.example');
  });

  it('names the speech recognition endpoint, so main sends the recordings to it', () => {
    const bases = endpointBases(
      settings({ speechRecognition: { baseUrl: 'http://10.0.0.7:9000/v1', apiKey: '', model: 'whisper-1' } }),
    );
    expect(bases).toContain('http://10.0.0.7:9000/v1');
  });

  it('names nothing that is not an http(s) address, and nothing twice', () => {
    const bases = endpointBases(
      settings({
        serverAddress: '',
        llm: { baseUrl: 'file:///etc/passwd', apiKey: '', model: '' },
        voice: { engineId: 'on-device', rate: 1, configs: {} },
      }),
    );
    expect(bases).toEqual([]);
  });

  it("names the chosen platform's own hosts before anything of it is saved", () => {
    const bases = endpointBases(settings({ voice: { engineId: 'elevenlabs', rate: 1, configs: {} } }));
    expect(bases).toContain('https://api.elevenlabs.io');
    expect(bases).toContain('https://api.eu.residency.elevenlabs.io');
  });
});
