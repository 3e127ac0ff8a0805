import type { ReadyBrief } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import {
  briefWithFormOfAddress,
  DEFAULT_FORM_OF_ADDRESS,
  formatCallTime,
  replaceFormOfAddress,
  resumeCommand,
  shellQuote,
} from './index';

describe('replaceFormOfAddress', () => {
  it('replaces every occurrence', () => {
    expect(replaceFormOfAddress('Hello {form-of-address}, done. Thanks {form-of-address}.', 'Ada')).toBe(
      'Hello Ada, done. Thanks Ada.',
    );
  });

  it('falls back to the generic title when the form is blank', () => {
    expect(replaceFormOfAddress('Hi {form-of-address}', '  ')).toBe(`Hi ${DEFAULT_FORM_OF_ADDRESS}`);
  });

  it('leaves text without the placeholder alone', () => {
    expect(replaceFormOfAddress('{form of address} {FORM-OF-ADDRESS}', 'Ada')).toBe(
      '{form of address} {FORM-OF-ADDRESS}',
    );
  });

  it('replaces it in every text field of a ready brief', () => {
    const brief: ReadyBrief = {
      status: 'ready',
      language: 'en-US',
      spoken: '{form-of-address}, tests pass.',
      cards: [{ title: 'For {form-of-address}', body: 'Ask {form-of-address}' }],
      conclusion: 'Done, {form-of-address}.',
      pendingQuestions: ['Merge, {form-of-address}?'],
      criticalFacts: ['{form-of-address} must review'],
      addedNotes: { heading: 'Also, {form-of-address}', facts: ['{form-of-address} note'] },
      llmCalls: 1,
      model: 'm',
    };
    const out = briefWithFormOfAddress(brief, 'chief');
    expect(JSON.stringify(out)).not.toContain('{form-of-address}');
    expect(out).toMatchObject({
      spoken: 'chief, tests pass.',
      cards: [{ title: 'For chief', body: 'Ask chief' }],
      addedNotes: { heading: 'Also, chief', facts: ['chief note'] },
    });
    expect(brief.spoken).toBe('{form-of-address}, tests pass.');
  });

  it('returns a failed brief unchanged', () => {
    const failed = { status: 'failed', language: 'en-US', reason: 'no LLM', llmCalls: 0 } as const;
    expect(briefWithFormOfAddress(failed, 'x')).toBe(failed);
  });
});

describe('shellQuote', () => {
  it.each([
    ['/home/ada/project', '/home/ada/project'],
    ['abc-123_x.y', 'abc-123_x.y'],
    ['', "''"],
    ['/home/ada/my project', "'/home/ada/my project'"],
    ["it's", "'it'\\''s'"],
    ['$(rm -rf ~)', "'$(rm -rf ~)'"],
    ['a;b', "'a;b'"],
    ['~/x', "'~/x'"],
    ['*', "'*'"],
    ['line\nbreak', "'line\nbreak'"],
  ])('%j → %s', (word, quoted) => {
    expect(shellQuote(word)).toBe(quoted);
  });
});

describe('resumeCommand', () => {
  it('resumes a Claude Code session', () => {
    expect(resumeCommand({ source: 'claude-code', cwd: '/srv/app', sessionId: 'abc-123' })).toBe(
      'cd /srv/app && claude --resume abc-123',
    );
  });

  it('resumes a Codex thread', () => {
    expect(resumeCommand({ source: 'codex', cwd: '/srv/app', sessionId: '0199-aa' })).toBe(
      'cd /srv/app && codex resume 0199-aa',
    );
  });

  it('quotes a directory and an id only when needed', () => {
    expect(resumeCommand({ source: 'claude-code', cwd: "/home/o'neil/my app", sessionId: 'x y' })).toBe(
      "cd '/home/o'\\''neil/my app' && claude --resume 'x y'",
    );
  });

  it('has no command for tracker tasks or missing fields', () => {
    expect(resumeCommand({ source: 'tracker', cwd: '/x', sessionId: 'y' })).toBeNull();
    expect(resumeCommand({ source: 'codex', cwd: '', sessionId: 'y' })).toBeNull();
    expect(resumeCommand({ source: 'codex', cwd: '/x', sessionId: '' })).toBeNull();
  });
});

describe('formatCallTime', () => {
  it('formats local time to the second with zero padding', () => {
    expect(formatCallTime(new Date(2024, 0, 5, 3, 4, 5, 999).getTime())).toBe('2024-01-05 03:04:05');
    expect(formatCallTime(new Date(2025, 11, 31, 23, 59, 59).getTime())).toBe('2025-12-31 23:59:59');
  });

  it('takes an ISO string', () => {
    const iso = new Date(2024, 6, 1, 12, 0, 0).toISOString();
    expect(formatCallTime(iso)).toBe('2024-07-01 12:00:00');
  });

  it('gives an empty string for an unreadable time', () => {
    expect(formatCallTime('not a time')).toBe('');
    expect(formatCallTime(Number.NaN)).toBe('');
  });
});
