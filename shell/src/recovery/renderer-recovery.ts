import { createActor } from 'xstate';
import type { ShellWindow } from '../electron-api';
import { APP_URL } from '../window/app-protocol';
import { type RecoveryNotice, rendererRecoveryMachine } from './renderer-recovery-machine';

export interface RendererRecovery {
  stop(): void;
}

/**
 * Watches the window's renderer and restarts it when it crashes or hangs (see
 * rendererRecoveryMachine), telling `notice` what the tray should say. The app is reloaded at
 * its start page: after a crash there is no page state worth keeping, and the app's own state
 * lives in its storage. Stops with the window.
 */
export function recoverRenderer(
  window: ShellWindow,
  notice: (notice: RecoveryNotice | null) => void,
): RendererRecovery {
  const actor = createActor(
    rendererRecoveryMachine.provide({
      actions: {
        reload: () => {
          if (window.isDestroyed()) return;
          window
            .loadURL(APP_URL)
            .catch((error: unknown) => console.error('Ringback: the app did not reload:', error));
        },
        killRenderer: () => {
          // Docs: the way to recover from `unresponsive`; a reload then gets a new process.
          if (!window.isDestroyed()) window.webContents.forcefullyCrashRenderer();
        },
        announce: (_, params) => notice(params.notice),
      },
    }),
  ).start();
  window.webContents.on('render-process-gone', (_event, details) => {
    if (details.reason === 'clean-exit') return;
    console.error(`Ringback: the window's page stopped (${details.reason}, exit code ${details.exitCode})`);
    actor.send({ type: 'renderer.gone' });
  });
  window.on('unresponsive', () => actor.send({ type: 'renderer.unresponsive' }));
  window.on('responsive', () => actor.send({ type: 'renderer.responsive' }));
  window.on('closed', () => actor.send({ type: 'stop' }));
  return { stop: () => actor.send({ type: 'stop' }) };
}
