import { handOffPing, isHandOffAnswer, isTakeOverMessage } from '../pwa/take-over-message';

/** How long the open windows have to say they hand off before the new worker takes over anyway. */
export const HAND_OFF_ANSWER_MS = 3_000;

/** The part of a window client the hand-off uses. */
export interface HandOffWindow {
  postMessage(message: unknown, transfer: Transferable[]): void;
}

export interface UpdateHandOffDeps {
  /** Windows showing the app (open or not focused), whose calls a take-over would interrupt. */
  appWindows(): Promise<readonly HandOffWindow[]>;
  skipWaiting(): Promise<void>;
  /** How long the windows have to answer the ping (tests shorten it). */
  answerWithinMs?: number;
}

/**
 * At install: a new build's worker takes over at once when no app window is open (nothing can be
 * interrupted then). With windows open it asks them whether they run a page that hands off; when
 * one answers, it waits until a page says it may (a message, see `takeOverWhenAsked`), since taking
 * over reloads the pages and would cut off a call. When none answers in time, the pages are from a
 * build before the hand-off and would never say so: waiting would leave the old worker in charge
 * for days, so it takes over (those pages reload on `controllerchange`, as they always did).
 */
export async function takeOverAtInstall(deps: UpdateHandOffDeps): Promise<boolean> {
  let windows: readonly HandOffWindow[];
  try {
    windows = await deps.appWindows();
  } catch {
    // Not known: waiting is the safe side (a page's go-ahead still comes), and the install stands.
    return false;
  }
  if (windows.length > 0 && (await aWindowHandsOff(windows, deps.answerWithinMs ?? HAND_OFF_ANSWER_MS)))
    return false;
  await deps.skipWaiting();
  return true;
}

/** Pings every window on a port of its own; true as soon as one answers, false when none has in `ms`. */
function aWindowHandsOff(windows: readonly HandOffWindow[], ms: number): Promise<boolean> {
  const channels = windows.map(() => new MessageChannel());
  return new Promise<boolean>((resolve) => {
    const settle = (answered: boolean) => {
      clearTimeout(timer);
      for (const channel of channels) channel.port1.close();
      resolve(answered);
    };
    const timer = setTimeout(() => settle(false), ms);
    windows.forEach((window, index) => {
      const channel = channels[index] as MessageChannel;
      channel.port1.onmessage = (event) => {
        if (isHandOffAnswer(event.data)) settle(true);
      };
      try {
        window.postMessage(handOffPing(), [channel.port2]);
      } catch {
        // A window that is going away answers nothing; the others may.
      }
    });
  });
}

/** A page's message: takes over when it is the page's go-ahead, ignores anything else. */
export async function takeOverWhenAsked(data: unknown, deps: Pick<UpdateHandOffDeps, 'skipWaiting'>) {
  if (!isTakeOverMessage(data)) return false;
  await deps.skipWaiting();
  return true;
}
