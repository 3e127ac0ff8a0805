import type { DesktopIpcChannel } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { type DesktopIpcHandlers, isAppFrameUrl, registerIpc } from './register-ipc';

type Listener = (event: Electron.IpcMainInvokeEvent, ...args: unknown[]) => unknown;

/** A stand-in for ipcMain: keeps the handlers so the test can invoke them as a renderer would. */
function fakeIpcMain() {
  const handlers = new Map<string, Listener>();
  const ipcMain = {
    handle(channel: string, listener: Listener) {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, listener);
    },
    removeHandler(channel: string) {
      handlers.delete(channel);
    },
  };
  const invoke = async (frameUrl: string | null, channel: DesktopIpcChannel, ...args: unknown[]) => {
    const listener = handlers.get(channel);
    if (!listener) throw new Error(`No handler registered for '${channel}'`);
    const event = {
      senderFrame: frameUrl === null ? null : { url: frameUrl },
    } as Electron.IpcMainInvokeEvent;
    return listener(event, ...args);
  };
  return { ipcMain: ipcMain as Pick<Electron.IpcMain, 'handle' | 'removeHandler'>, handlers, invoke };
}

/** Handlers that record each call and answer with a marker. */
function recordingHandlers() {
  const calls: Array<[string, unknown[]]> = [];
  const record =
    (channel: string, answer: unknown = undefined) =>
    (...args: unknown[]) => {
      calls.push([channel, args]);
      return answer as never;
    };
  const handlers: DesktopIpcHandlers = {
    'shell:facts': record('shell:facts', { platform: 'linux' }),
    'daemon:pairing': record('daemon:pairing'),
    'daemon:request': record('daemon:request', { ok: true, status: 200, body: {} }),
    'daemon:install-service': record('daemon:install-service'),
    'token:load': record('token:load', 'dev_x'),
    'token:save': record('token:save'),
    'calls:ringing': record('calls:ringing'),
    'calls:stopped': record('calls:stopped'),
    'shell:status': record('shell:status'),
    'preferences:get': record('preferences:get'),
    'preferences:set': record('preferences:set'),
    'endpoint:allow': record('endpoint:allow'),
    'endpoint:open': record('endpoint:open'),
    'endpoint:read': record('endpoint:read'),
    'endpoint:cancel': record('endpoint:cancel'),
  };
  return { calls, handlers };
}

const APP = 'app://ringback/index.html';

/** One well-formed call per channel. */
const GOOD_CALLS: Array<[DesktopIpcChannel, ...unknown[]]> = [
  ['shell:facts'],
  ['daemon:pairing'],
  ['daemon:request', { method: 'PUT', path: '/llm/settings', body: { model: 'm' } }],
  ['daemon:request', { method: 'GET', path: '/status' }],
  // The desktop join page logging the daemon in to a relay.
  ['daemon:request', { method: 'POST', path: '/local/login', body: { server: 'https://relay.example' } }],
  [
    'daemon:request',
    { method: 'POST', path: '/local/login', body: { join: 'ringback://pair?x', claimCode: 'C' } },
  ],
  ['daemon:install-service'],
  ['token:load'],
  ['token:save', 'dev_abc'],
  ['token:save', null],
  ['calls:ringing', { eventId: 'e1', title: 'Claude Code · billing-api', body: 'Done.' }],
  ['calls:stopped', 'e1'],
  ['shell:status', { connected: true, missed: 2, language: 'zh' }],
  ['preferences:get'],
  ['preferences:set', { closeToTray: false }],
  ['preferences:set', {}],
  ['endpoint:allow', ['https://api.example/v1']],
  ['endpoint:open', { url: 'https://api.example/v1/chat', method: 'POST', headers: { a: 'b' }, body: 'x' }],
  [
    'endpoint:open',
    { url: 'https://api.example/v1/a', method: 'PUT', headers: {}, body: new Uint8Array([1]) },
  ],
  ['endpoint:open', { url: 'https://api.example/v1/a', method: 'GET', headers: {}, timeoutMs: 5000 }],
  ['endpoint:read', 'id-1'],
  ['endpoint:cancel', 'id-1'],
];

describe('registerIpc', () => {
  it('registers every channel of the contract and passes well-formed calls from the app through', async () => {
    const fake = fakeIpcMain();
    const { calls, handlers } = recordingHandlers();
    registerIpc(fake.ipcMain, handlers, isAppFrameUrl);
    expect([...fake.handlers.keys()].sort()).toEqual(Object.keys(handlers).sort());

    for (const [channel, ...args] of GOOD_CALLS) {
      await fake.invoke(APP, channel, ...args);
    }
    expect(calls).toEqual(GOOD_CALLS.map(([channel, ...args]) => [channel, args]));
    expect(await fake.invoke('app://ringback/settings', 'token:load')).toBe('dev_x');
  });

  it('hands the handler’s answer back as it is: a refused pairing keeps the daemon’s code', async () => {
    const fake = fakeIpcMain();
    const refused = {
      ok: false,
      reason: 'refused',
      message: 'this computer is not logged in to a relay yet',
      code: 'not_logged_in',
    } as const;
    registerIpc(
      fake.ipcMain,
      { ...recordingHandlers().handlers, 'daemon:pairing': () => refused },
      isAppFrameUrl,
    );
    expect(await fake.invoke(APP, 'daemon:pairing')).toEqual(refused);
  });

  it('refuses calls from any other frame, before the handler runs', async () => {
    const fake = fakeIpcMain();
    const { calls, handlers } = recordingHandlers();
    registerIpc(fake.ipcMain, handlers, isAppFrameUrl);
    for (const url of [
      'https://evil.example/',
      'http://127.0.0.1:8790/',
      'app://other/index.html',
      'file:///tmp/x.html',
      '',
      null,
    ]) {
      await expect(fake.invoke(url, 'token:load'), String(url)).rejects.toThrow(
        /token:load refused.*app's own page/,
      );
    }
    expect(calls).toEqual([]);
  });

  it('uses the sender check it is given', async () => {
    const fake = fakeIpcMain();
    const seen: string[] = [];
    registerIpc(fake.ipcMain, recordingHandlers().handlers, (url) => {
      seen.push(url);
      return false;
    });
    await expect(fake.invoke(APP, 'shell:facts')).rejects.toThrow(/refused/);
    expect(seen).toEqual([APP]);
  });

  it('refuses arguments that do not have the contract’s shape, before the handler runs', async () => {
    const fake = fakeIpcMain();
    const { calls, handlers } = recordingHandlers();
    registerIpc(fake.ipcMain, handlers, isAppFrameUrl);
    const bad: Array<[DesktopIpcChannel, ...unknown[]]> = [
      ['shell:facts', 'extra'],
      ['daemon:request'],
      ['daemon:request', { method: 'PATCH', path: '/x' }],
      ['daemon:request', { method: 'GET', path: '//evil.example/x' }],
      ['daemon:request', { method: 'GET', path: 'http://evil.example/' }],
      ['daemon:request', { method: 'GET', path: '/x', host: 'evil.example' }],
      ['daemon:request', { method: 'POST', path: '/x', body: () => 1 }],
      ['token:save', ''],
      ['token:save', 42],
      ['token:save'],
      ['calls:ringing', { eventId: 'e1', title: 'T' }],
      ['calls:ringing', 'e1'],
      ['calls:stopped', ''],
      ['shell:status', { connected: 'yes', missed: 0, language: 'en' }],
      ['shell:status', { connected: true, missed: -1, language: 'en' }],
      ['shell:status', { connected: true, missed: 0, language: 'fr' }],
      ['preferences:set', { closeToTray: 'no' }],
      ['preferences:set', { theme: 'dark' }],
      ['preferences:set', null],
      ['endpoint:allow', 'https://api.example'],
      ['endpoint:allow', [1]],
      ['endpoint:open', { url: 'https://a.example', method: 'DELETE', headers: {} }],
      ['endpoint:open', { url: 'https://a.example', method: 'GET', headers: { a: 1 } }],
      ['endpoint:open', { url: 'https://a.example', method: 'POST', headers: {}, body: { json: true } }],
      ['endpoint:open', { url: 'https://a.example', method: 'GET', headers: {}, timeoutMs: -1 }],
      ['endpoint:open', { url: 'https://a.example', method: 'GET' }],
      ['endpoint:read', 7],
      ['endpoint:cancel', { id: 'x' }],
    ];
    for (const [channel, ...args] of bad) {
      await expect(fake.invoke(APP, channel, ...args), `${channel} ${JSON.stringify(args)}`).rejects.toThrow(
        new RegExp(`^${channel} refused: `),
      );
    }
    expect(calls).toEqual([]);
  });

  it('removes every handler it registered', () => {
    const fake = fakeIpcMain();
    const unregister = registerIpc(fake.ipcMain, recordingHandlers().handlers, isAppFrameUrl);
    unregister();
    expect(fake.handlers.size).toBe(0);
  });
});

describe('isAppFrameUrl', () => {
  it('trusts app://ringback/ only', () => {
    expect(isAppFrameUrl('app://ringback/')).toBe(true);
    expect(isAppFrameUrl('app://ringback/index.html?x=1#y')).toBe(true);
    expect(isAppFrameUrl('app://ringback.evil/')).toBe(false);
    expect(isAppFrameUrl('https://ringback/')).toBe(false);
    expect(isAppFrameUrl('not a url')).toBe(false);
  });
});
