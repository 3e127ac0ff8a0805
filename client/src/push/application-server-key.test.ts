import { describe, expect, it } from 'vitest';
import { applicationServerKeyBytes, madeForKey } from './application-server-key';

describe("the relay's push key", () => {
  it('decodes base64url text, padded or not, to the bytes the browser subscribes with', () => {
    expect([...applicationServerKeyBytes('BAEC_-8')]).toEqual([4, 1, 2, 255, 239]);
    expect([...applicationServerKeyBytes('BAEC_-8=')]).toEqual([4, 1, 2, 255, 239]);
  });

  it('refuses text that is not base64url', () => {
    expect(() => applicationServerKeyBytes('not a key!')).toThrow(/not base64url/);
    expect(() => applicationServerKeyBytes('')).toThrow(/not base64url/);
  });

  it('tells a subscription made for another key from one made for this key', () => {
    const key = applicationServerKeyBytes('BAEC_-8');
    expect(madeForKey(new Uint8Array([4, 1, 2, 255, 239]).buffer, key)).toBe(true);
    expect(madeForKey(new Uint8Array([4, 1, 2, 255, 0]).buffer, key)).toBe(false);
    expect(madeForKey(new Uint8Array([4, 1]).buffer, key)).toBe(false);
    // A browser that does not say which key: nothing shows the subscription is stale.
    expect(madeForKey(null, key)).toBe(true);
    expect(madeForKey(undefined, key)).toBe(true);
  });
});
