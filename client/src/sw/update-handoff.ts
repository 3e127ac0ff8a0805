import { isTakeOverMessage } from '../pwa/take-over-message';

export interface UpdateHandOffDeps {
  /** Windows showing the app (open or not focused), whose calls a take-over would interrupt. */
  appWindows(): Promise<readonly unknown[]>;
  skipWaiting(): Promise<void>;
}

/**
 * At install: a new build's worker takes over at once only when no app window is open (nothing
 * can be interrupted then). With a window open it waits until a page says it may (a message, see
 * `takeOverWhenAsked`), since taking over reloads the pages and would cut off a call.
 */
export async function takeOverIfNoWindow(deps: UpdateHandOffDeps): Promise<boolean> {
  let windows: readonly unknown[];
  try {
    windows = await deps.appWindows();
  } catch {
    // Not known: waiting is the safe side (a page's go-ahead still comes), and the install stands.
    return false;
  }
  if (windows.length > 0) return false;
  await deps.skipWaiting();
  return true;
}

/** A page's message: takes over when it is the page's go-ahead, ignores anything else. */
export async function takeOverWhenAsked(data: unknown, deps: Pick<UpdateHandOffDeps, 'skipWaiting'>) {
  if (!isTakeOverMessage(data)) return false;
  await deps.skipWaiting();
  return true;
}
