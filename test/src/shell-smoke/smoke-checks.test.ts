import { describe, expect, it } from 'vitest';
import { keyringBackendProblem, savedTokenOf } from './smoke-checks';

describe("reading the desktop app's saved device token", () => {
  it('gives the token the vault returned', () => {
    expect(savedTokenOf({ ok: true, token: 'tok-1' }, 'after pairing')).toBe('tok-1');
  });

  it('fails when none is kept, naming when', () => {
    expect(() => savedTokenOf({ ok: true, token: null }, 'after the restart')).toThrow(
      /no device token after the restart/,
    );
  });

  it('fails with the reason the vault gave for an unreadable one', () => {
    expect(() => savedTokenOf({ ok: false, reason: 'undecryptable' }, 'after the restart')).toThrow(
      /could not be read after the restart: undecryptable/,
    );
  });
});

describe("safeStorage's backend on Linux", () => {
  it('is fine when it is the libsecret keyring', () => {
    expect(keyringBackendProblem('gnome_libsecret')).toBeNull();
  });

  it('is a failure when Chromium fell back to its built-in key, or had not chosen yet', () => {
    expect(keyringBackendProblem('basic_text')).toMatch(/basic_text.*no keyring/);
    expect(keyringBackendProblem('unknown')).toMatch(/unknown/);
  });
});
