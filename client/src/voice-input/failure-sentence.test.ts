import { describe, expect, it } from 'vitest';
import { translate } from '../i18n';
import { failureSentence } from './failure-sentence';
import type { VoiceFailure } from './transcriber';

const ALL: VoiceFailure[] = [
  { kind: 'microphone-denied' },
  { kind: 'microphone-unavailable' },
  { kind: 'nothing-recorded' },
  { kind: 'not-set' },
  { kind: 'refused', status: 401, message: 'Invalid API key' },
  { kind: 'timeout', endpoint: 'stt.example.com', seconds: 45 },
  { kind: 'unreachable', endpoint: 'stt.example.com', message: 'Failed to fetch' },
  { kind: 'no-text' },
  { kind: 'computer-offline' },
  { kind: 'computer-not-set' },
];

describe('failure sentences', () => {
  it('says each failure plainly, with the status and the endpoint own words', () => {
    const say = (failure: VoiceFailure) => {
      const sentence = failureSentence(failure);
      return translate('en', sentence.text, sentence.values);
    };
    expect(say({ kind: 'refused', status: 401, message: 'Invalid API key' })).toBe(
      'Speech recognition refused the recording (401): Invalid API key',
    );
    expect(say({ kind: 'timeout', endpoint: 'stt.example.com', seconds: 45 })).toBe(
      'Speech recognition at stt.example.com did not answer within 45 s.',
    );
    expect(say({ kind: 'not-set' })).toContain('Settings → Integrations → Speech recognition');
    expect(say({ kind: 'microphone-denied' })).toContain('microphone');
  });

  it('has Chinese for every sentence', () => {
    for (const failure of ALL) {
      const sentence = failureSentence(failure);
      const zh = translate('zh', sentence.text, sentence.values);
      expect(zh, sentence.text).not.toBe(translate('en', sentence.text, sentence.values));
      expect(zh).not.toMatch(/\{\w+\}/);
    }
  });
});
