import { describe, expect, it } from 'vitest';
import { loadDispatchLast, saveDispatchLast } from './dispatch-last';
import { memoryStore } from './key-value-store';
import { STORAGE_KEYS } from './keys';

describe('ringback.dispatch.last', () => {
  it('keeps the workspace, project and agent of the last dispatch for the next one', () => {
    const store = memoryStore();
    expect(loadDispatchLast(store)).toEqual({});
    saveDispatchLast(store, { workspaceId: 'ws-1', projectId: 'p-1', agentId: 'a-1' });
    expect(loadDispatchLast(store)).toEqual({ workspaceId: 'ws-1', projectId: 'p-1', agentId: 'a-1' });
    expect(JSON.parse(store.getItem(STORAGE_KEYS.dispatchLast) ?? '')).toEqual({
      workspaceId: 'ws-1',
      projectId: 'p-1',
      agentId: 'a-1',
    });
  });

  it('a comment dispatch keeps the agent chosen before', () => {
    const store = memoryStore();
    saveDispatchLast(store, { workspaceId: 'ws-1', projectId: 'p-1', agentId: 'a-1' });
    saveDispatchLast(store, { workspaceId: 'ws-2', projectId: 'p-2' });
    expect(loadDispatchLast(store)).toEqual({ workspaceId: 'ws-2', projectId: 'p-2', agentId: 'a-1' });
  });

  it('an unreadable or foreign record reads as none, keeping only string fields', () => {
    const store = memoryStore();
    store.setItem(STORAGE_KEYS.dispatchLast, '{not json');
    expect(loadDispatchLast(store)).toEqual({});
    store.setItem(STORAGE_KEYS.dispatchLast, JSON.stringify({ projectId: 7, agentId: 'a-1', extra: 'x' }));
    expect(loadDispatchLast(store)).toEqual({ agentId: 'a-1' });
  });
});
