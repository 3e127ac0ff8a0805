import type { DesktopBridge } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { createDesktopBridge } from './bridge';

type Listener = (event: Electron.IpcRendererEvent, ...args: unknown[]) => void;

/** A stand-in for ipcRenderer: records invokes, keeps listeners, and can push like main does. */
function fakeIpcRenderer() {
  const invoked: unknown[][] = [];
  const listeners = new Map<string, Set<Listener>>();
  const ipc = {
    invoke: async (channel: string, ...args: unknown[]) => {
      invoked.push([channel, ...args]);
      return `answer:${channel}`;
    },
    on(channel: string, listener: Listener) {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)?.add(listener);
      return ipc;
    },
    removeListener(channel: string, listener: Listener) {
      listeners.get(channel)?.delete(listener);
      return ipc;
    },
  };
  const push = (channel: string, ...args: unknown[]) => {
    const event = { sender: ipc } as unknown as Electron.IpcRendererEvent;
    for (const listener of listeners.get(channel) ?? []) listener(event, ...args);
  };
  return {
    ipc: ipc as unknown as Pick<Electron.IpcRenderer, 'invoke' | 'on' | 'removeListener'>,
    raw: ipc,
    invoked,
    listeners,
    push,
  };
}

/** Every path in the bridge to a leaf, with the leaf's type. */
function shape(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, leaf]) =>
    typeof leaf === 'object' && leaf !== null
      ? shape(leaf, `${prefix}${key}.`)
      : [`${prefix}${key}:${typeof leaf}`],
  );
}

describe('createDesktopBridge', () => {
  it('maps every function to its channel with its arguments, and answers what main answers', async () => {
    const fake = fakeIpcRenderer();
    const bridge = createDesktopBridge(fake.ipc);
    const request = { method: 'GET', path: '/status' } as const;
    const call = { eventId: 'e1', title: 'Claude Code · billing-api', body: 'Done.' };
    const status = { connected: true, missed: 1, language: 'en' } as const;
    const open = { url: 'https://a.example/v1', method: 'GET', headers: {} } as const;

    const answers = await Promise.all([
      bridge.facts(),
      bridge.daemon.pairing(),
      bridge.daemon.request(request),
      bridge.daemon.installService(),
      bridge.deviceToken.load(),
      bridge.deviceToken.save('dev_1'),
      bridge.deviceToken.save(null),
      bridge.calls.ringing(call),
      bridge.calls.stopped('e1'),
      bridge.status(status),
      bridge.preferences.get(),
      bridge.preferences.set({ openAtLogin: true }),
      bridge.endpoint.allow(['https://a.example/v1']),
      bridge.endpoint.open(open),
      bridge.endpoint.read('id1'),
      bridge.endpoint.cancel('id1'),
    ]);
    expect(fake.invoked).toEqual([
      ['shell:facts'],
      ['daemon:pairing'],
      ['daemon:request', request],
      ['daemon:install-service'],
      ['token:load'],
      ['token:save', 'dev_1'],
      ['token:save', null],
      ['calls:ringing', call],
      ['calls:stopped', 'e1'],
      ['shell:status', status],
      ['preferences:get'],
      ['preferences:set', { openAtLogin: true }],
      ['endpoint:allow', ['https://a.example/v1']],
      ['endpoint:open', open],
      ['endpoint:read', 'id1'],
      ['endpoint:cancel', 'id1'],
    ]);
    expect(answers).toEqual(fake.invoked.map(([channel]) => `answer:${channel}`));
  });

  it('hands a refused pairing on with the daemon’s code, untouched', async () => {
    const fake = fakeIpcRenderer();
    const refused = { ok: false, reason: 'refused', message: 'not logged in', code: 'not_logged_in' };
    fake.raw.invoke = async (channel: string, ...args: unknown[]) => {
      fake.invoked.push([channel, ...args]);
      return refused as never;
    };
    const bridge = createDesktopBridge(fake.ipc);
    const answer = await bridge.daemon.pairing();
    expect(answer).toEqual(refused);
    expect(answer.ok === false && answer.reason === 'refused' ? answer.code : null).toBe('not_logged_in');
  });

  it('onShow hands the listener the event id only, and unsubscribes', () => {
    const fake = fakeIpcRenderer();
    const bridge = createDesktopBridge(fake.ipc);
    const shown: unknown[][] = [];
    const stop = bridge.calls.onShow((...args) => shown.push(args));
    fake.push('calls:show', 'e7');
    fake.push('calls:show', { not: 'an id' });
    fake.push('calls:other', 'e8');
    expect(shown).toEqual([['e7']]);

    stop();
    fake.push('calls:show', 'e9');
    expect(shown).toEqual([['e7']]);
    expect(fake.listeners.get('calls:show')?.size).toBe(0);
  });

  it('exposes the contract and nothing else: no ipcRenderer, no extra function', () => {
    const fake = fakeIpcRenderer();
    const bridge: DesktopBridge = createDesktopBridge(fake.ipc);
    expect(shape(bridge).sort()).toEqual(
      [
        'kind:string',
        'facts:function',
        'daemon.pairing:function',
        'daemon.request:function',
        'daemon.installService:function',
        'deviceToken.load:function',
        'deviceToken.save:function',
        'calls.ringing:function',
        'calls.stopped:function',
        'calls.onShow:function',
        'status:function',
        'preferences.get:function',
        'preferences.set:function',
        'endpoint.allow:function',
        'endpoint.open:function',
        'endpoint.read:function',
        'endpoint.cancel:function',
      ].sort(),
    );
    expect(bridge.kind).toBe('desktop');
    const reachable = (value: unknown): unknown[] =>
      typeof value === 'object' && value !== null
        ? [value, ...Object.values(value).flatMap(reachable)]
        : [value];
    expect(reachable(bridge)).not.toContain(fake.raw);
    expect(Object.isFrozen(bridge) && Object.isFrozen(bridge.daemon)).toBe(true);
  });
});
