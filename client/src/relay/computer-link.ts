import type { SealingKey } from '@ringback/protocol';
import { askComputer, type ComputerAnswerPiece, type ComputerRequest } from './ask-computer';
import { RelayError } from './relay-error';

/** What a device needs to ask its account's computer: the relay, its token, the computer and the key. */
export interface ComputerLink {
  server: string;
  token: string;
  daemonDeviceId: string;
  key: SealingKey;
}

/** Asks the computer over the link in effect; a RelayError `device_offline` when there is none. */
export type AskOverLink = (
  request: ComputerRequest,
  options?: { signal?: AbortSignal },
) => AsyncGenerator<ComputerAnswerPiece>;

export interface ComputerLinkHolder {
  get(): ComputerLink | null;
  set(link: ComputerLink | null): void;
  ask: AskOverLink;
}

/**
 * The way to the computer, held for the page's long-lived services (the voice engines, the model
 * for questions, the transcriber), which are made before any session: the live session sets it
 * when it starts, and a signed-out page has none.
 */
export function createComputerLinkHolder(
  ask: typeof askComputer = askComputer,
  fetcher?: typeof fetch,
): ComputerLinkHolder {
  let current: ComputerLink | null = null;
  return {
    get: () => current,
    set(link) {
      current = link;
    },
    async *ask(request, options = {}) {
      const link = current;
      // No link yet (not paired, no key, no computer known) reads to the user as an offline computer.
      if (!link) throw new RelayError(0, 'device_offline', 'this device has no way to its computer yet');
      yield* ask({
        ...link,
        request,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(fetcher ? { fetch: fetcher } : {}),
      });
    },
  };
}

/** The page's one link, set by the session. */
export const computerLink: ComputerLinkHolder = createComputerLinkHolder();
