import { describe, expect, it } from 'vitest';
import { buildSsml, escapeXml, prosodyRate, sentenceLanguage, voiceLocale } from './azure-ssml';

describe('buildSsml', () => {
  it('wraps a plain voice with prosody and no <lang>', () => {
    expect(buildSsml({ text: 'Hi & <bye>', voice: 'en-US-JennyNeural', language: 'en-US', rate: 1.2 })).toBe(
      '<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="en-US">' +
        '<voice name="en-US-JennyNeural"><prosody rate="+20%">Hi &amp; &lt;bye&gt;</prosody></voice></speak>',
    );
  });

  it('never gives a plain voice a <lang>, even in another locale', () => {
    expect(
      buildSsml({ text: 'Hallo', voice: 'en-US-JennyNeural', language: 'de-DE', rate: 1 }),
    ).not.toContain('<lang');
  });

  it('tags a multilingual voice used in another locale with the call language', () => {
    const ssml = buildSsml({
      text: 'Bonjour.',
      voice: 'en-US-AvaMultilingualNeural',
      language: 'fr-FR',
      rate: 0.8,
    });
    expect(ssml).toContain('xml:lang="en-US"><voice name="en-US-AvaMultilingualNeural">');
    expect(ssml).toContain('<lang xml:lang="fr-FR"><prosody rate="-20%">Bonjour.</prosody></lang>');
  });

  it('tags all-Latin sentences of a CJK multilingual voice as en-US', () => {
    expect(sentenceLanguage('zh-CN-XiaoxiaoMultilingualNeural', 'zh-CN', 'Build passed.')).toBe('en-US');
    expect(sentenceLanguage('zh-CN-XiaoxiaoMultilingualNeural', 'zh-CN', '构建 passed')).toBeNull();
    expect(sentenceLanguage('en-US-AvaMultilingualNeural', 'en-US', 'Build passed.')).toBeNull();
  });

  it('skips prosody for DragonHD Latest voices, which ignore it', () => {
    const ssml = buildSsml({
      text: 'Hi',
      voice: 'en-US-Ava:DragonHDLatestNeural',
      language: 'ja-JP',
      rate: 1.5,
    });
    expect(ssml).not.toContain('prosody');
    expect(ssml).toContain('<lang xml:lang="ja-JP">Hi</lang>');
  });

  it('refuses an empty sentence and replaces illegal control characters', () => {
    expect(() => buildSsml({ text: '  ', voice: 'en-US-JennyNeural', language: 'en-US', rate: 1 })).toThrow(
      /empty/,
    );
    expect(escapeXml('a\u0001b"\'')).toBe('a b&quot;&apos;');
  });

  it('maps rates to signed percents, clamped to 0.5–2', () => {
    expect([prosodyRate(0.3), prosodyRate(1), prosodyRate(1.26), prosodyRate(3)]).toEqual([
      '-50%',
      null,
      '+26%',
      '+100%',
    ]);
    expect(voiceLocale('fil-PH-BlessicaNeural')).toBe('fil-PH');
    expect(voiceLocale('odd')).toBe('zh-CN');
  });
});
