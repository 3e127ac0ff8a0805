import type {
  DesktopBridge,
  DesktopIpcChannel,
  DesktopIpcChannels,
  DesktopIpcEvents,
} from '@ringback/protocol';

type IpcRendererPart = Pick<Electron.IpcRenderer, 'invoke' | 'on' | 'removeListener'>;

const SHOW_CALL: keyof DesktopIpcEvents = 'calls:show';

/**
 * `window.ringback`: one function per channel of the contract and nothing else. `ipcRenderer`
 * itself never reaches the page (a page holding it could invoke or listen to anything), and
 * listeners get the event id only, not Electron's event object (whose `sender` is ipcRenderer).
 */
export function createDesktopBridge(ipc: IpcRendererPart): DesktopBridge {
  const invoke = <K extends DesktopIpcChannel>(
    channel: K,
    ...args: DesktopIpcChannels[K]['args']
  ): Promise<DesktopIpcChannels[K]['result']> => ipc.invoke(channel, ...args);

  return Object.freeze<DesktopBridge>({
    kind: 'desktop',
    facts: () => invoke('shell:facts'),
    daemon: Object.freeze({
      pairing: () => invoke('daemon:pairing'),
      request: (request) => invoke('daemon:request', request),
      installService: () => invoke('daemon:install-service'),
    }),
    deviceToken: Object.freeze({
      load: () => invoke('token:load'),
      save: (token) => invoke('token:save', token),
    }),
    calls: Object.freeze({
      ringing: (call) => invoke('calls:ringing', call),
      stopped: (eventId) => invoke('calls:stopped', eventId),
      onShow: (listener) => {
        const forward = (_event: Electron.IpcRendererEvent, eventId: unknown) => {
          if (typeof eventId === 'string') listener(eventId);
        };
        ipc.on(SHOW_CALL, forward);
        return () => {
          ipc.removeListener(SHOW_CALL, forward);
        };
      },
    }),
    status: (status) => invoke('shell:status', status),
    preferences: Object.freeze({
      get: () => invoke('preferences:get'),
      set: (change) => invoke('preferences:set', change),
    }),
    endpoint: Object.freeze({
      allow: (baseUrls) => invoke('endpoint:allow', baseUrls),
      open: (request) => invoke('endpoint:open', request),
      read: (id) => invoke('endpoint:read', id),
      cancel: (id) => invoke('endpoint:cancel', id),
    }),
  });
}
