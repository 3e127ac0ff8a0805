import { describe, expect, it } from 'vitest';
import { isIntakeHost, isLoopbackHost } from './loopback';

describe('isLoopbackHost', () => {
  it.each([
    '127.0.0.1:8790',
    '127.0.0.1',
    'localhost:8790',
    'LOCALHOST',
    '[::1]:8790',
    '[::1]',
    '127.1.2.3:1',
  ])('accepts %s', (host) => expect(isLoopbackHost(host)).toBe(true));

  it.each([
    undefined,
    '',
    'evil.example',
    'evil.example:8790',
    '192.168.1.4:8790',
    'localhost.evil.example',
    '[::2]',
    '127.0.0.1:abc',
    '127.0.0.1.nip.io',
  ])('refuses %s', (host) => expect(isLoopbackHost(host)).toBe(false));
});

describe('isIntakeHost', () => {
  it('accepts only 127.0.0.1 and localhost', () => {
    expect(isIntakeHost('127.0.0.1:8790')).toBe(true);
    expect(isIntakeHost('localhost:8790')).toBe(true);
    expect(isIntakeHost('[::1]:8790')).toBe(false);
    expect(isIntakeHost('127.0.0.2:8790')).toBe(false);
  });
});
