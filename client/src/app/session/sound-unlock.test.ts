import { describe, expect, it } from 'vitest';
import { soundStartsWithoutTap } from './sound-unlock';

describe('whether sound starts without a tap', () => {
  it('yes when the unlock succeeds in time', async () => {
    expect(await soundStartsWithoutTap({ unlock: async () => {} }, 50)).toBe(true);
  });

  it('no when the browser refuses it (Safari) or leaves it pending (Chrome)', async () => {
    const refused = async () => {
      throw new DOMException('needs a gesture', 'NotAllowedError');
    };
    expect(await soundStartsWithoutTap({ unlock: refused }, 50)).toBe(false);
    expect(await soundStartsWithoutTap({ unlock: () => new Promise(() => {}) }, 50)).toBe(false);
  });
});
