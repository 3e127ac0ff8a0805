import { hostname } from 'node:os';
import type { DeviceList } from '@ringback/protocol';
import type { RelayTarget } from '../relay/post-daemon-event';
import { callRelay } from '../relay/relay-client';

export interface Computer {
  deviceId: string;
  name: string;
}

/** A name learnt is asked again after this long (the user may rename the computer on the phone). */
const NAME_FRESH_MS = 10 * 60_000;
/** The first call does not wait longer than this for the name: the host name stands in. */
const NAME_WAIT_MS = 1_500;

export type LookUpName = (target: RelayTarget) => Promise<string | null>;

const lookUpName: LookUpName = async (target) => {
  const { devices } = await callRelay<DeviceList>(target.serverUrl, '/v1/devices', {
    token: target.deviceToken,
  });
  return devices.find((device) => device.current)?.name ?? null;
};

/**
 * Who waits, as a permission call names it: this computer's pinned device id (what the app
 * compares the call's `handledBy` with, to say it was answered at the computer) and its name on
 * the relay, learnt once and kept a while. The name is only shown, so when the relay is slow to
 * say it the host name stands in rather than delaying the ring.
 */
export class ComputerIdentity {
  readonly #deviceId: () => Promise<string | null>;
  readonly #target: () => Promise<RelayTarget | null>;
  readonly #lookUp: LookUpName;
  #name: { token: string; name: string; at: number } | null = null;
  #asking: Promise<string | null> | null = null;

  constructor(options: {
    deviceId: () => Promise<string | null>;
    target: () => Promise<RelayTarget | null>;
    lookUpName?: LookUpName;
  }) {
    this.#deviceId = options.deviceId;
    this.#target = options.target;
    this.#lookUp = options.lookUpName ?? lookUpName;
  }

  /** Null when this computer is not logged in to a relay, or its device id is not known. */
  async current(): Promise<Computer | null> {
    const [deviceId, target] = await Promise.all([this.#deviceId(), this.#target().catch(() => null)]);
    if (!deviceId || !target) return null;
    return { deviceId, name: await this.#nameFor(target) };
  }

  async #nameFor(target: RelayTarget): Promise<string> {
    const known = this.#name?.token === target.deviceToken ? this.#name : null;
    const fresh = known !== null && Date.now() - known.at < NAME_FRESH_MS;
    if (!fresh) this.#ask(target);
    if (known) return known.name;
    const asked = this.#asking ?? Promise.resolve(null);
    const waited = await Promise.race([
      asked,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), NAME_WAIT_MS).unref()),
    ]);
    return waited ?? hostname().slice(0, 80);
  }

  #ask(target: RelayTarget): void {
    if (this.#asking) return;
    this.#asking = this.#lookUp(target)
      .catch(() => null)
      .then((name) => {
        if (name) this.#name = { token: target.deviceToken, name, at: Date.now() };
        return name;
      })
      .finally(() => {
        this.#asking = null;
      });
  }
}
