import { describe, expect, it } from 'vitest';
import { readDeviceFacts } from './device-facts';

const scope = (overrides: Record<string, unknown>) =>
  ({
    isSecureContext: true,
    location: { origin: 'https://relay.example' },
    navigator: { userAgent: 'UA', maxTouchPoints: 5, serviceWorker: {} },
    matchMedia: (query: string) => ({ matches: query === '(display-mode: standalone)' }),
    PushManager: class {},
    Notification: Object.assign(function Notification() {}, { permission: 'granted' }),
    ...overrides,
  }) as unknown as typeof globalThis;

describe("the page's facts", () => {
  it('reads the secure context, the installed display mode, the APIs and the permission', () => {
    expect(readDeviceFacts(scope({}))).toEqual({
      secureContext: true,
      origin: 'https://relay.example',
      userAgent: 'UA',
      maxTouchPoints: 5,
      standalone: true,
      serviceWorker: true,
      pushManager: true,
      notification: true,
      permission: 'granted',
    });
  });

  it("takes iOS's navigator.standalone, and says what is missing on a plain-http page", () => {
    const facts = readDeviceFacts(
      scope({
        isSecureContext: false,
        navigator: { userAgent: 'UA', maxTouchPoints: 0, standalone: true },
        matchMedia: () => ({ matches: false }),
        PushManager: undefined,
        Notification: undefined,
      }),
    );
    expect(facts).toMatchObject({
      secureContext: false,
      standalone: true,
      serviceWorker: false,
      notification: false,
      pushManager: false,
      permission: null,
    });
  });
});
