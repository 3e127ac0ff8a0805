import type { DesktopFacts, ShellStatus } from '@ringback/protocol';
import type { DaemonLink } from '../daemon/daemon-link';
import type { ServiceInstaller } from '../daemon/service-installer';
import type { EndpointProxy } from '../endpoint/endpoint-proxy';
import type { DesktopIpcHandlers } from '../ipc/register-ipc';
import type { CallAlert } from '../lifecycle/call-alert';
import type { Preferences } from '../lifecycle/preferences';
import type { TokenVault } from '../secrets/token-vault';

export interface ShellServices {
  facts: () => DesktopFacts;
  daemon: DaemonLink;
  installer: ServiceInstaller;
  vault: TokenVault;
  alert: CallAlert;
  status: (status: ShellStatus) => void;
  preferences: Preferences;
  endpoint: EndpointProxy;
}

/** One handler per IPC channel; registerIpc checks the sender and the arguments before these run. */
export function desktopIpcHandlers(s: ShellServices): DesktopIpcHandlers {
  return {
    'shell:facts': () => s.facts(),
    'daemon:pairing': () => s.daemon.pairing(),
    'daemon:request': (request) => s.daemon.request(request),
    'daemon:install-service': () => s.installer.install(),
    'token:load': () => s.vault.load(),
    'token:save': (token) => s.vault.save(token),
    'calls:ringing': (call) => s.alert.ringing(call),
    'calls:stopped': (eventId) => s.alert.stopped(eventId),
    'shell:status': (status) => s.status(status),
    'preferences:get': () => s.preferences.get(),
    'preferences:set': (change) => s.preferences.set(change),
    'endpoint:allow': (bases) => s.endpoint.allow(bases),
    'endpoint:open': (request) => s.endpoint.open(request),
    'endpoint:read': (id) => s.endpoint.read(id),
    'endpoint:cancel': (id) => s.endpoint.cancel(id),
  };
}
