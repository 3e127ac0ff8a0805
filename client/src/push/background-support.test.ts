import { describe, expect, it } from 'vitest';
import {
  appleDeviceOf,
  backgroundSupport,
  canTurnOn,
  type DeviceFacts,
  type RelayPush,
} from './background-support';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_17 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPHONE_16_3 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.3 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.1 Safari/605.1.15';
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

const PHONE: DeviceFacts = {
  secureContext: true,
  origin: 'https://relay.example',
  userAgent: ANDROID,
  maxTouchPoints: 5,
  standalone: false,
  serviceWorker: true,
  pushManager: true,
  notification: true,
  permission: 'default',
};
const AVAILABLE: RelayPush = { state: 'available', publicKey: 'BKey' };
const support = (facts: Partial<DeviceFacts>, relay: RelayPush = AVAILABLE, enabled = false) =>
  backgroundSupport({ ...PHONE, ...facts }, relay, {
    chosen: enabled,
    held: enabled ? 'held' : 'not-held',
    refusal: null,
  });
const GRANTED = { ...PHONE, permission: 'granted' as const };

describe('what this device can do for background ringing', () => {
  it('a phone on http://<LAN address> can neither install nor get pushes, whatever else is true', () => {
    expect(
      support({
        secureContext: false,
        origin: 'http://192.168.1.20:8791',
        serviceWorker: false,
        pushManager: false,
      }),
    ).toEqual({ kind: 'insecure', origin: 'http://192.168.1.20:8791' });
    expect(support({ secureContext: false, origin: 'http://ringback.lan', userAgent: IPHONE_16_3 })).toEqual({
      kind: 'insecure',
      origin: 'http://ringback.lan',
    });
  });

  it('iOS and iPadOS before 16.4 have no Web Push at all', () => {
    expect(support({ userAgent: IPHONE_16_3, pushManager: false })).toEqual({
      kind: 'iosTooOld',
      device: 'iPhone',
      version: '16.3',
    });
    expect(support({ userAgent: IPAD_AS_MAC, pushManager: false })).toEqual({
      kind: 'iosTooOld',
      device: 'iPad',
      version: '16.1',
    });
  });

  it('iOS gives pushes only to the app opened from the Home Screen', () => {
    expect(support({ userAgent: IPHONE_17, pushManager: false, notification: false })).toEqual({
      kind: 'iosAddToHomeScreen',
      device: 'iPhone',
    });
    expect(support({ userAgent: IPHONE_17, standalone: true })).toEqual({ kind: 'ask' });
  });

  it('a browser without service workers, the Push API or notifications cannot', () => {
    expect(support({ pushManager: false })).toEqual({ kind: 'unsupported' });
    expect(support({ serviceWorker: false })).toEqual({ kind: 'unsupported' });
    expect(support({ notification: false, permission: null })).toEqual({ kind: 'unsupported' });
  });

  it('blocked notifications come before anything the relay says, naming the Apple device for its settings', () => {
    expect(support({ permission: 'denied' }, { state: 'unavailable', reason: 'x' })).toEqual({
      kind: 'denied',
      device: null,
    });
    expect(support({ permission: 'denied', userAgent: IPHONE_17, standalone: true })).toEqual({
      kind: 'denied',
      device: 'iPhone',
    });
  });

  it('waits for the relay, then gives its reason when it sends no pushes or cannot be asked', () => {
    expect(support({}, { state: 'checking' })).toEqual({ kind: 'checking' });
    expect(support({}, { state: 'unavailable', reason: 'set a mailto: subject' })).toEqual({
      kind: 'relayUnavailable',
      reason: 'set a mailto: subject',
    });
    expect(support({}, { state: 'unreachable', reason: 'offline' })).toEqual({
      kind: 'relayUnreachable',
      reason: 'offline',
    });
  });

  it('asks for permission when it is not given yet, and is on only when granted and chosen', () => {
    expect(support({ permission: 'default' }, AVAILABLE, true)).toEqual({ kind: 'ask' });
    expect(support({ permission: 'granted' })).toEqual({ kind: 'ready' });
    expect(support({ permission: 'granted' }, AVAILABLE, true)).toEqual({ kind: 'on' });
    expect(support({ userAgent: MAC_SAFARI, maxTouchPoints: 0, permission: 'granted' })).toEqual({
      kind: 'ready',
    });
  });

  it('the switch turns on only when nothing stands in the way', () => {
    expect(canTurnOn({ kind: 'ask' })).toBe(true);
    expect(canTurnOn({ kind: 'ready' })).toBe(true);
    expect(canTurnOn({ kind: 'denied', device: null })).toBe(false);
    expect(canTurnOn({ kind: 'checking' })).toBe(false);
    expect(canTurnOn({ kind: 'on' })).toBe(false);
  });
});

describe('telling Apple touch devices apart', () => {
  it('reads the iPhone and iPad version, and an iPad that says it is a Mac by its touch points', () => {
    expect(appleDeviceOf(IPHONE_17, 5)).toEqual({ device: 'iPhone', version: [17, 5] });
    expect(appleDeviceOf(IPAD_AS_MAC, 5)).toEqual({ device: 'iPad', version: [16, 1] });
    expect(appleDeviceOf(MAC_SAFARI, 0)).toBeNull();
    expect(appleDeviceOf(ANDROID, 5)).toBeNull();
  });
});

describe('what the page says of this device’s subscription', () => {
  it('is checking while the relay is asked, and not known (not "off") when it cannot be asked', () => {
    expect(backgroundSupport(GRANTED, AVAILABLE, { chosen: true, held: 'checking', refusal: null })).toEqual({
      kind: 'checking',
    });
    expect(backgroundSupport(GRANTED, AVAILABLE, { chosen: true, held: 'unknown', refusal: null })).toEqual({
      kind: 'heldUnknown',
    });
    expect(backgroundSupport(GRANTED, AVAILABLE, { chosen: true, held: 'not-held', refusal: null })).toEqual({
      kind: 'ready',
    });
    // Not chosen here: off, whatever the relay would say.
    expect(backgroundSupport(GRANTED, AVAILABLE, { chosen: false, held: 'unknown', refusal: null })).toEqual({
      kind: 'ready',
    });
  });

  it('says the relay’s reason when it refused this push service, and lets a tap try again', () => {
    const refused = backgroundSupport(GRANTED, AVAILABLE, {
      chosen: true,
      held: 'not-held',
      refusal: 'push.example is not a push service this relay sends to',
    });
    expect(refused).toEqual({
      kind: 'endpointRefused',
      reason: 'push.example is not a push service this relay sends to',
    });
    expect(canTurnOn(refused)).toBe(true);
  });
});
