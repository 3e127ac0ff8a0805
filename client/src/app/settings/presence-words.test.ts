import type { Presence } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { translatorFor } from '../../i18n';
import { idleDuration, presenceSentence, waitDuration } from './presence-words';

const en = translatorFor('en');
const zh = translatorFor('zh');
const at = (over: Partial<Presence>): Presence => ({
  away: false,
  signal: 'none',
  idleSeconds: null,
  ...over,
});

describe('presence in words', () => {
  it('idle times as a person says them, rounded down to the minute', () => {
    expect(idleDuration(12, en)).toBe('less than a minute');
    expect(idleDuration(60, en)).toBe('1 minute');
    expect(idleDuration(12 * 60 + 59, en)).toBe('12 minutes');
    expect(idleDuration(3600, en)).toBe('1 hour');
    expect(idleDuration(2 * 3600 + 5 * 60, en)).toBe('2 hours 5 minutes');
    expect(waitDuration(600, en)).toBe('10 minutes');
    expect(waitDuration(90, en)).toBe('90 seconds');
  });

  it('away by the desktop app’s idle time: rings here, and says for how long there was no input', () => {
    expect(presenceSentence(at({ away: true, signal: 'desktop-app', idleSeconds: 754 }), en)).toBe(
      'Away from the computer: permission requests ring here. No keyboard or mouse input for 12 minutes, as the desktop app reports.',
    );
  });

  it('at the computer by the system idle time, named per system', () => {
    expect(presenceSentence(at({ signal: 'macos-hid', idleSeconds: 5 }), en)).toBe(
      'At the computer: the agent asks there. No keyboard or mouse input for less than a minute (macOS idle time).',
    );
    expect(presenceSentence(at({ signal: 'windows-last-input', idleSeconds: 120 }), en)).toContain(
      '2 minutes (Windows idle time)',
    );
    expect(presenceSentence(at({ signal: 'linux-session', idleSeconds: 3700 }), en)).toContain(
      'idle for 1 hour 1 minute (Linux)',
    );
  });

  it('set by hand, or no signal at all (counted as at the computer, with what to do)', () => {
    expect(presenceSentence(at({ away: true, signal: 'manual' }), en)).toBe(
      'Away from the computer: permission requests ring here. You set Away by hand.',
    );
    expect(presenceSentence(at({ signal: 'manual', idleSeconds: 30 }), en)).toContain(
      'You set “At the computer” by hand.',
    );
    expect(presenceSentence(at({}), en)).toContain('cannot tell how long it has been idle');
    expect(presenceSentence(at({}), en)).toContain('choose Away when you leave');
  });

  it('every sentence has its Chinese', () => {
    const cases: Presence[] = [
      at({ away: true, signal: 'desktop-app', idleSeconds: 754 }),
      at({ signal: 'desktop-app' }),
      at({ signal: 'macos-hid', idleSeconds: 7300 }),
      at({ signal: 'macos-hid' }),
      at({ signal: 'windows-last-input', idleSeconds: 60 }),
      at({ signal: 'windows-last-input' }),
      at({ signal: 'linux-session', idleSeconds: 3600 }),
      at({ signal: 'linux-session' }),
      at({ signal: 'manual', away: true }),
      at({ signal: 'manual' }),
      at({}),
    ];
    // The systems keep their names; nothing else stays English.
    const english = (text: string) => text.replace(/macOS|Windows|Linux/g, '').match(/[A-Za-z]{3,}/);
    for (const presence of cases) expect(english(presenceSentence(presence, zh))).toBeNull();
    expect(waitDuration(45, zh)).not.toMatch(/seconds/);
  });
});
