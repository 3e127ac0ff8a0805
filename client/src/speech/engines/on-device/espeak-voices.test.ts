import { BRIEF_LOCALES } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { espeakVoiceFor, espeakWordsPerMinute, onDeviceSupport, unsupportedOnDevice } from './espeak-voices';

describe('espeakVoiceFor', () => {
  it.each([
    ['en-US', 'en-us'],
    ['en-GB', 'en'],
    ['en-CA', 'en-us'],
    ['zh-CN', 'cmn'],
    ['zh-TW', 'cmn'],
    ['zh-HK', 'yue'],
    ['es-MX', 'es-419'],
    ['es-ES', 'es'],
    ['pt-BR', 'pt-br'],
    ['pt-PT', 'pt'],
    ['fr-CA', 'fr'],
    ['fr-BE', 'fr-be'],
    ['de-AT', 'de'],
    ['nb-NO', 'nb'],
    ['ja-JP', 'ja'],
  ])('%s → %s', (locale, voice) => {
    expect(espeakVoiceFor(locale)).toBe(voice);
  });

  it('accepts other casings, underscores and bare languages', () => {
    expect(espeakVoiceFor('EN-us')).toBe('en-us');
    expect(espeakVoiceFor('pt_BR')).toBe('pt-br');
    expect(espeakVoiceFor('de')).toBe('de');
    expect(espeakVoiceFor('en')).toBe('en'); // first English brief locale is en-AU
  });

  it('returns null for unsupported or unknown languages', () => {
    for (const locale of [
      'fil-PH',
      'gl-ES',
      'jv-ID',
      'km-KH',
      'lo-LA',
      'mn-MN',
      'ps-AF',
      'so-SO',
      'su-ID',
      'zu-ZA',
    ]) {
      expect(espeakVoiceFor(locale)).toBeNull();
    }
    expect(espeakVoiceFor('xx-YY')).toBeNull();
    expect(espeakVoiceFor('')).toBeNull();
    expect(espeakVoiceFor('not a tag')).toBeNull();
  });

  it('maps every one of the 90 brief locales to a voice or null', () => {
    expect(BRIEF_LOCALES).toHaveLength(90);
    const unsupported = unsupportedOnDevice();
    expect(unsupported).toEqual([
      'fil-PH',
      'gl-ES',
      'jv-ID',
      'km-KH',
      'lo-LA',
      'mn-MN',
      'ps-AF',
      'so-SO',
      'su-ID',
      'zu-ZA',
    ]);
    for (const locale of BRIEF_LOCALES) {
      if (!unsupported.includes(locale)) expect(espeakVoiceFor(locale)).toMatch(/^[a-z]{2,3}(-[a-z0-9]+)?$/);
    }
  });
});

describe('onDeviceSupport', () => {
  it('says plainly which languages it does not speak', () => {
    expect(onDeviceSupport('zu-ZA')).toEqual({
      supported: false,
      note: 'The on-device voice does not speak Zulu. Choose another voice engine for it.',
    });
    expect(onDeviceSupport('fil-PH').note).toContain('Filipino');
    expect(onDeviceSupport('xx-YY').supported).toBe(false);
  });

  it('warns that Japanese kanji are not read', () => {
    const ja = onDeviceSupport('ja-JP');
    expect(ja.supported).toBe(true);
    expect(ja.note).toMatch(/kanji are not read/);
  });

  it('has nothing to add for supported languages', () => {
    expect(onDeviceSupport('de-DE')).toEqual({ supported: true });
  });
});

describe('espeakWordsPerMinute', () => {
  it('maps 1× to 175 wpm and clamps to 0.5–2', () => {
    expect(espeakWordsPerMinute(1)).toBe(175);
    expect(espeakWordsPerMinute(1.5)).toBe(263);
    expect(espeakWordsPerMinute(0.1)).toBe(88);
    expect(espeakWordsPerMinute(5)).toBe(350);
    expect(espeakWordsPerMinute(Number.NaN)).toBe(175);
  });
});
