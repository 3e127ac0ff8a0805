// Public surface of @ringback/shell: what tests outside the shell serve or call the way the
// desktop app does. The Electron entry is src/main/main.ts (bundled to dist/main.cjs).
export { createDaemonLink, type DaemonLink } from './daemon/daemon-link';
export { daemonDataDir } from './daemon/data-dir';
export { createEndpointProxy, type EndpointProxy } from './endpoint/endpoint-proxy';
export { netRequestFetch, type RemoteFetch } from './endpoint/net-request-fetch';
export { type DesktopIpcHandlers, registerIpc } from './ipc/register-ipc';
/** Electron's `net.request` played on node:http, for a desktop main without a binary. */
export { fakeNetRequest } from './main/fake-net-request';
export { createAppFileHandler } from './window/app-files';
export { desktopContentSecurityPolicy } from './window/content-security-policy';
