/** What this browser and device offer for ringing in the background, as the page can read it. */
export interface DeviceFacts {
  /** `window.isSecureContext`: https, or http on localhost / 127.0.0.1. */
  secureContext: boolean;
  /** The page's origin, to name it when it is not secure. */
  origin: string;
  userAgent: string;
  /** `navigator.maxTouchPoints`: tells an iPad (which says it is a Mac) from a Mac. */
  maxTouchPoints: number;
  /** Opened as an installed app (`display-mode: standalone`, or iOS's `navigator.standalone`). */
  standalone: boolean;
  serviceWorker: boolean;
  pushManager: boolean;
  notification: boolean;
  /** `Notification.permission`; null without the Notification API. */
  permission: NotificationPermission | null;
}

/** What the relay said when asked for its push key. */
export type RelayPush =
  | { state: 'checking' }
  | { state: 'available'; publicKey: string }
  /** 503 `push_unavailable`: the relay's own words on why (no https public URL, no mailto: subject). */
  | { state: 'unavailable'; reason: string }
  /** The relay could not be asked (offline, timed out): try again. */
  | { state: 'unreachable'; reason: string };

/**
 * Whether the relay holds this device's push subscription: being asked; it does; it does not; or
 * not known (the relay could not be asked and nothing was learnt from it before).
 */
export type PushHeld = 'checking' | 'held' | 'not-held' | 'unknown';

/** This device's side of background ringing. */
export interface PushChoice {
  /** Background ringing is chosen on this device. */
  chosen: boolean;
  held: PushHeld;
  /** The relay's reason when it refused this browser's push service for good (422), else null. */
  refusal: string | null;
}

/** Apple's name for the device, as the guidance speaks of it. */
export type AppleDevice = 'iPhone' | 'iPad';

/**
 * Why this device cannot ring in the background, or that it can. Checked in this order, the first
 * that applies wins: each is something the user must fix before the next can even be seen.
 */
export type BackgroundSupport =
  /** Plain http on a LAN address: no service worker, no install, no push, whatever else is true. */
  | { kind: 'insecure'; origin: string }
  /** Web Push for Home Screen apps came with iOS and iPadOS 16.4. */
  | { kind: 'iosTooOld'; device: AppleDevice; version: string }
  /** iOS gives Web Push only to an app opened from the Home Screen. */
  | { kind: 'iosAddToHomeScreen'; device: AppleDevice }
  /** No service worker, Push API or notifications in this browser. */
  | { kind: 'unsupported' }
  /** The user blocked notifications for this site; only they can allow them again. */
  | { kind: 'denied'; device: AppleDevice | null }
  | { kind: 'checking' }
  | { kind: 'relayUnavailable'; reason: string }
  | { kind: 'relayUnreachable'; reason: string }
  /** Can be turned on; turning it on asks for notification permission first. */
  | { kind: 'ask' }
  /** Can be turned on; permission is already granted. */
  | { kind: 'ready' }
  /** Chosen here, but the relay cannot be asked whether it holds the subscription (and never was). */
  | { kind: 'heldUnknown' }
  /** The relay refused this browser's push service (its words); turning on tries again. */
  | { kind: 'endpointRefused'; reason: string }
  /** On: calls ring here with the app closed. */
  | { kind: 'on' };

const FIRST_IOS_WITH_PUSH = [16, 4] as const;

/** The iPhone or iPad and its iOS version (`null` when unknown), or null when not an Apple touch device. */
export function appleDeviceOf(
  userAgent: string,
  maxTouchPoints: number,
): { device: AppleDevice; version: [number, number] | null } | null {
  const mobile = /\b(iPhone|iPod|iPad)\b/.exec(userAgent);
  if (mobile) {
    const version = /\bOS (\d+)_(\d+)/.exec(userAgent);
    return {
      device: mobile[1] === 'iPad' ? 'iPad' : 'iPhone',
      version: version ? [Number(version[1]), Number(version[2])] : null,
    };
  }
  // iPadOS asks for desktop sites by default and then says it is a Mac; only touch tells it apart.
  if (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1) {
    const version = /\bVersion\/(\d+)\.(\d+)/.exec(userAgent);
    return { device: 'iPad', version: version ? [Number(version[1]), Number(version[2])] : null };
  }
  return null;
}

function olderThan(version: [number, number], than: readonly [number, number]): boolean {
  return version[0] < than[0] || (version[0] === than[0] && version[1] < than[1]);
}

/** What the background-ringing page says and offers, from what the device and the relay allow. */
export function backgroundSupport(
  facts: DeviceFacts,
  relay: RelayPush,
  choice: PushChoice,
): BackgroundSupport {
  if (!facts.secureContext) return { kind: 'insecure', origin: facts.origin };
  const apple = appleDeviceOf(facts.userAgent, facts.maxTouchPoints);
  if (apple?.version && olderThan(apple.version, FIRST_IOS_WITH_PUSH))
    return { kind: 'iosTooOld', device: apple.device, version: apple.version.join('.') };
  if (apple && !facts.standalone) return { kind: 'iosAddToHomeScreen', device: apple.device };
  if (!facts.serviceWorker || !facts.pushManager || !facts.notification) return { kind: 'unsupported' };
  if (facts.permission === 'denied') return { kind: 'denied', device: apple?.device ?? null };
  switch (relay.state) {
    case 'checking':
      return { kind: 'checking' };
    case 'unavailable':
      return { kind: 'relayUnavailable', reason: relay.reason };
    case 'unreachable':
      return { kind: 'relayUnreachable', reason: relay.reason };
  }
  if (facts.permission !== 'granted') return { kind: 'ask' };
  if (choice.chosen) {
    // "Off" is said only when the relay says so: not while it is asked, nor when it cannot be.
    if (choice.held === 'checking') return { kind: 'checking' };
    if (choice.held === 'unknown') return { kind: 'heldUnknown' };
    if (choice.held === 'held') return { kind: 'on' };
  }
  if (choice.refusal !== null) return { kind: 'endpointRefused', reason: choice.refusal };
  return { kind: 'ready' };
}

/** Whether the switch can be turned on here: only when nothing stands in the way. */
export function canTurnOn(support: BackgroundSupport): boolean {
  return support.kind === 'ask' || support.kind === 'ready' || support.kind === 'endpointRefused';
}
