// @vitest-environment happy-dom
import type { DispatchOptionsReply, TrackerSettingsReply } from '@ringback/protocol';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ComputerWriteError } from '../settings/computer-writes';
import type { ComputerCall } from '../settings/use-computer';
import { OPTIONS_REFRESH_MS, useDispatchOptions } from './use-dispatch-options';

const acme = { id: 'ws-1', name: 'Acme', slug: 'acme', issuePrefix: 'ACME' };
const beta = { id: 'ws-2', name: 'Beta', slug: 'beta', issuePrefix: 'BETA' };
const settings = (workspaces = [acme, beta]): TrackerSettingsReply => ({
  settings: { workspaces, tokenHint: 'mul_…abcd' },
  status: { workspaces: [] },
});
const options = (workspaceId: string): DispatchOptionsReply => ({
  workspaceId,
  projects: [{ id: `${workspaceId}-p`, title: 'Web', status: 'in_progress', priority: 'none' }],
  agents: [{ id: 'a-1', name: 'Coder', avatarUrl: null, online: true }],
});

/** A computer answering from `answer`; every call is recorded. */
function fakeComputer(answer: (method: string, path: string, body?: unknown) => unknown) {
  const calls: string[] = [];
  const computer = (async (method: string, path: string, body?: unknown) => {
    calls.push(`${method} ${path}${body ? ` ${JSON.stringify(body)}` : ''}`);
    const result = answer(method, path, body);
    if (result instanceof Error) throw result;
    return result;
  }) as ComputerCall;
  return { computer, calls };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const settle = () => act(async () => await vi.advanceTimersByTimeAsync(0));

describe('the dispatch options', () => {
  it('reads the first watched workspace, or the chosen one, and again every 10 s', async () => {
    const { computer, calls } = fakeComputer((_method, path, body) =>
      path === '/tracker/settings'
        ? settings()
        : options((body as { workspaceId?: string })?.workspaceId ?? 'ws-1'),
    );
    const { result, rerender } = renderHook(({ id }) => useDispatchOptions(computer, id), {
      initialProps: { id: null as string | null },
    });
    await settle();
    expect(result.current).toMatchObject({
      blockedReason: null,
      loading: false,
      options: { workspaceId: 'ws-1' },
    });
    expect(result.current.workspaces.map((w) => w.name)).toEqual(['Acme', 'Beta']);
    rerender({ id: 'ws-2' });
    await settle();
    expect(result.current.options?.workspaceId).toBe('ws-2');
    calls.length = 0;
    await act(async () => await vi.advanceTimersByTimeAsync(OPTIONS_REFRESH_MS));
    expect(calls).toEqual(['GET /tracker/settings', 'POST /tracker/dispatch/options {"workspaceId":"ws-2"}']);
  });

  it('says why no call can be made, and clears it by itself when the computer is back', async () => {
    let offline = true;
    const { computer } = fakeComputer((_method, path) =>
      offline
        ? new ComputerWriteError('offline', 'device_offline')
        : path === '/tracker/settings'
          ? settings()
          : options('ws-1'),
    );
    const { result } = renderHook(() => useDispatchOptions(computer, null));
    await settle();
    expect(result.current.blockedReason).toMatch(/computer is offline/);
    offline = false;
    await act(async () => await vi.advanceTimersByTimeAsync(OPTIONS_REFRESH_MS));
    expect(result.current.blockedReason).toBeNull();
    expect(result.current.options?.agents[0]?.name).toBe('Coder');
  });

  it('no computer, no token and no watched workspace each have their reason', async () => {
    const cases: [unknown, RegExp][] = [
      [new ComputerWriteError('none', 'device_not_found'), /No computer with Ringback/],
      [{ ...settings(), settings: { workspaces: [], tokenHint: null } }, /no Multica token/],
      [settings([]), /watches no Multica workspace/],
      [new ComputerWriteError('token refused', 'tracker_not_configured'), /no Multica token/],
    ];
    for (const [answer, reason] of cases) {
      const { computer } = fakeComputer(() => answer);
      const { result, unmount } = renderHook(() => useDispatchOptions(computer, null));
      await settle();
      expect(result.current.blockedReason).toMatch(reason);
      unmount();
    }
  });
});
