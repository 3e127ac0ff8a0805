import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZH_CATALOGUE } from '../../i18n/catalogue';

/** Every `t('…')` sentence and `label="…"` of the voice input files, however it is wrapped over lines. */
function sentences(): string[] {
  const files = [
    'voice/TalkButton.tsx',
    'voice/VoiceFailureNotice.tsx',
    'SpeechRecognitionSettingsPage.tsx',
    'AskBox.tsx',
    'DecisionList.tsx',
    '../voice-input/failure-sentence.ts',
  ];
  const found = new Set<string>();
  for (const file of files) {
    const source = readFileSync(join(import.meta.dirname, '..', file), 'utf8');
    for (const match of source.matchAll(/\bt\(\s*'((?:[^'\\]|\\.)*)'/g)) if (match[1]) found.add(match[1]);
    for (const match of source.matchAll(/\blabel="([^"]+)"/g)) if (match[1]) found.add(match[1]);
    for (const match of source.matchAll(/\btext:\s*'((?:[^'\\]|\\.)*)'/g)) if (match[1]) found.add(match[1]);
    for (const match of source.matchAll(/\btext:\s*\n\s*'((?:[^'\\]|\\.)*)'/g))
      if (match[1]) found.add(match[1]);
  }
  return [...found];
}

describe('voice input in Chinese', () => {
  it('has every sentence translated', () => {
    const words = sentences();
    expect(words.length).toBeGreaterThan(20);
    expect(words.filter((english) => !ZH_CATALOGUE[english])).toEqual([]);
  });
});
