import { describe, expect, it } from 'vitest';
import { compareVersions } from './version-order';

describe('compareVersions', () => {
  it('orders by the numbers, not the text', () => {
    expect(compareVersions('1.10.0', '1.9.3')).toBeGreaterThan(0);
    expect(compareVersions('v2.0.0', '10.0.0')).toBeLessThan(0);
    expect(compareVersions('1.2.0-beta.1', '1.2.0')).toBe(0);
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
  });
});
