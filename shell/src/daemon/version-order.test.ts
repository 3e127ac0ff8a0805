import { describe, expect, it } from 'vitest';
import { compareVersions } from './version-order';

describe('compareVersions', () => {
  it('orders by the numbers, not the text', () => {
    expect(compareVersions('1.10.0', '1.9.3')).toBeGreaterThan(0);
    expect(compareVersions('v2.0.0', '10.0.0')).toBeLessThan(0);
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
  });

  it('puts a pre-release before its release, and orders pre-releases as semver does', () => {
    expect(compareVersions('1.0.0', '1.0.0-rc.1')).toBeGreaterThan(0);
    expect(compareVersions('1.2.0-beta.1', '1.2.0')).toBeLessThan(0);
    expect(compareVersions('1.0.0-beta.2', '1.0.0-beta.1')).toBeGreaterThan(0);
    // Numeric identifiers by number, below alphanumeric ones; a longer list wins a tie.
    expect(compareVersions('1.0.0-beta.11', '1.0.0-beta.2')).toBeGreaterThan(0);
    expect(compareVersions('1.0.0-alpha.beta', '1.0.0-alpha.1')).toBeGreaterThan(0);
    expect(compareVersions('1.0.0-alpha.1', '1.0.0-alpha')).toBeGreaterThan(0);
    expect(compareVersions('1.0.0-rc.1', '1.0.0-beta.9')).toBeGreaterThan(0);
    expect(compareVersions('1.0.0-rc.1', '1.0.0-rc.1')).toBe(0);
    // Build metadata does not order.
    expect(compareVersions('1.0.0+build.5', '1.0.0+build.4')).toBe(0);
    expect(compareVersions('1.0.0-rc.1+b2', '1.0.0-rc.1+b1')).toBe(0);
    // The whole semver 2.0.0 example chain, in order.
    const chain = [
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
    ];
    expect([...chain].reverse().sort(compareVersions)).toEqual(chain);
  });
});
