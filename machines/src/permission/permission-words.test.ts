import { describe, expect, it } from 'vitest';
import { spokenDecision } from './permission-words';

describe('spokenDecision', () => {
  it.each(['allow', 'Yes.', 'Go ahead!', 'yes, allow it', 'Yeah'])(
    'hears "%s" as allow in English',
    (said) => {
      expect(spokenDecision(said, 'en-US')).toBe('allow');
    },
  );

  it.each(['deny', 'No.', 'Stop!', "don't", 'no thanks'])('hears "%s" as deny in English', (said) => {
    expect(spokenDecision(said, 'en-GB')).toBe('deny');
  });

  it('matches English words whole, so "know" and "stopwatch" are nothing', () => {
    expect(spokenDecision('I know', 'en-US')).toBeNull();
    expect(spokenDecision('stopwatch', 'en-US')).toBeNull();
    expect(spokenDecision('yesterday', 'en-US')).toBeNull();
  });

  it('reads a deny word heard with an allow word as deny: the safe side', () => {
    expect(spokenDecision('No, go ahead', 'en-US')).toBe('deny');
    expect(spokenDecision('yes, stop', 'en-US')).toBe('deny');
    expect(spokenDecision('不允许', 'zh-CN')).toBe('deny');
  });

  it.each(['允许', '可以。', '好的，继续', '是的', '允許', '繼續吧'])(
    'hears "%s" as allow in Chinese',
    (said) => {
      expect(spokenDecision(said, 'zh-CN')).toBe('allow');
    },
  );

  it.each(['拒绝', '不要', '不行！', '停', '停止', '拒絕', '别'])('hears "%s" as deny in Chinese', (said) => {
    expect(spokenDecision(said, 'zh-TW')).toBe('deny');
  });

  it.each([
    'never allow that',
    "can't allow that",
    'dont allow',
    'I cannot allow it',
    'not yet',
    'wait, go ahead',
    'cancel',
    '我还没同意',
    '没允许',
    '未批准',
    '沒同意',
    '禁止执行',
    '取消',
    '算了',
  ])('hears the negation "%s" as deny, never as allow', (said) => {
    expect(spokenDecision(said, 'zh-CN')).toBe('deny');
  });

  it('hears English words in a call in another language too', () => {
    expect(spokenDecision('yes', 'zh-CN')).toBe('allow');
    expect(spokenDecision('no', 'de-DE')).toBe('deny');
  });

  it('hears nothing in words that are neither', () => {
    expect(spokenDecision('', 'en-US')).toBeNull();
    expect(spokenDecision('   ', 'en-US')).toBeNull();
    expect(spokenDecision('what does it do?', 'en-US')).toBeNull();
    expect(spokenDecision('这是什么', 'zh-CN')).toBeNull();
  });
});
