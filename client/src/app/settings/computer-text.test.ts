import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZH_CATALOGUE } from '../../i18n/catalogue';

/** The files that say things about "Your computer"; every sentence in them must have its Chinese. */
const FILES = [
  'app/settings/computer-readiness.ts',
  'speech/engines/computer/computer-engine.ts',
  'ui/VoiceSettingsPage.tsx',
  'ui/SourceChoice.tsx',
  'ui/LlmSettingsPage.tsx',
  'ui/SpeechRecognitionSettingsPage.tsx',
  'ui/ComputerEndpointSection.tsx',
  // The fields and rows those pages are built from.
  'ui/TextField.tsx',
  'ui/AddressField.tsx',
  'ui/SavedKeyField.tsx',
  'ui/TestRow.tsx',
  'ui/SaveRow.tsx',
  'app/settings/VoiceScreen.tsx',
  'app/settings/SpeechRecognitionScreen.tsx',
  'llm/answer-through-computer.ts',
];

function sentences(): string[] {
  const found = new Set<string>();
  for (const file of FILES) {
    const source = readFileSync(join(import.meta.dirname, '..', '..', file), 'utf8');
    for (const match of source.matchAll(/\bt\(\s*'((?:[^'\\]|\\.)*)'/g)) if (match[1]) found.add(match[1]);
    for (const match of source.matchAll(/\breturn\s+'((?:[^'\\]|\\.)*)'/g)) if (match[1]) found.add(match[1]);
    for (const match of source.matchAll(/\breturn\s*\n\s*'((?:[^'\\]|\\.)*)'/g))
      if (match[1]) found.add(match[1]);
    for (const match of source.matchAll(/\b(?:label|directDetail|computerDetail|title|intro)="([^"]+)"/g))
      if (match[1]) found.add(match[1]);
    for (const match of source.matchAll(/\bname:\s*'((?:[^'\\]|\\.)*)'/g)) if (match[1]) found.add(match[1]);
    for (const match of source.matchAll(/\bcomputer:\s*'((?:[^'\\]|\\.)*)'/g))
      if (match[1]) found.add(match[1]);
  }
  // Sentences start with a capital; codes (`device_offline`) and ids do not.
  return [...found].filter((text) => /^[A-Z]/.test(text));
}

describe('"Your computer" in Chinese', () => {
  it('has every sentence translated', () => {
    const words = sentences();
    expect(words).toContain('Your computer');
    expect(words).toContain('Through your computer');
    expect(words.filter((english) => !ZH_CATALOGUE[english])).toEqual([]);
  });
});
