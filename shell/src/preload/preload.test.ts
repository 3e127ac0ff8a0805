import { describe, expect, it, vi } from 'vitest';

const { exposed, ipcRenderer } = vi.hoisted(() => ({
  exposed: [] as Array<[string, unknown]>,
  ipcRenderer: { invoke: vi.fn(async () => 'facts'), on: vi.fn(), removeListener: vi.fn() },
}));

// Electron's binary is not here: the module is replaced by the two parts the preload uses.
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.push([key, api]) },
  ipcRenderer,
}));

describe('preload', () => {
  it('puts the desktop bridge on window.ringback, built on ipcRenderer', async () => {
    await import('./preload');
    expect(exposed.map(([key]) => key)).toEqual(['ringback']);
    const bridge = exposed[0]?.[1] as { kind: string; facts(): Promise<unknown> };
    expect(bridge.kind).toBe('desktop');
    expect(await bridge.facts()).toBe('facts');
    expect(ipcRenderer.invoke).toHaveBeenCalledWith('shell:facts');
  });
});
