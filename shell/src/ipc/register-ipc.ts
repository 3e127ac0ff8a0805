import type { DesktopIpcChannel, DesktopIpcChannels } from '@ringback/protocol';
import { ARGUMENT_CHECKS } from './argument-checks';

export type DesktopIpcHandlers = {
  [K in DesktopIpcChannel]: (
    ...args: DesktopIpcChannels[K]['args']
  ) => Promise<DesktopIpcChannels[K]['result']> | DesktopIpcChannels[K]['result'];
};

/** The app's own pages: `app://ringback/...`, nothing else (not a frame it embeds, not the web). */
export function isAppFrameUrl(frameUrl: string): boolean {
  try {
    const url = new URL(frameUrl);
    return url.protocol === 'app:' && url.host === 'ringback';
  } catch {
    return false;
  }
}

/**
 * One `ipcMain.handle` per channel of the contract. Each checks, before its handler runs, that
 * the call comes from a trusted frame and that its arguments have the contract's shape: the
 * renderer shows web content (model answers, briefs), so main treats what it sends as untrusted.
 * Returns a function that removes every handler.
 */
export function registerIpc(
  ipcMain: Pick<Electron.IpcMain, 'handle' | 'removeHandler'>,
  handlers: DesktopIpcHandlers,
  isTrustedSender: (frameUrl: string) => boolean,
): () => void {
  const channels = Object.keys(ARGUMENT_CHECKS) as DesktopIpcChannel[];
  for (const channel of channels) {
    const check = ARGUMENT_CHECKS[channel];
    const handler = handlers[channel] as (...args: unknown[]) => unknown;
    ipcMain.handle(channel, async (event: Electron.IpcMainInvokeEvent, ...args: unknown[]) => {
      // senderFrame is null once the frame navigated away or was destroyed.
      const frameUrl = event.senderFrame?.url;
      if (typeof frameUrl !== 'string' || !isTrustedSender(frameUrl)) {
        throw new Error(`${channel} refused: the call does not come from the app's own page`);
      }
      const problem = check(args);
      if (problem) throw new Error(`${channel} refused: ${problem}`);
      return handler(...args);
    });
  }
  return () => {
    for (const channel of channels) ipcMain.removeHandler(channel);
  };
}
