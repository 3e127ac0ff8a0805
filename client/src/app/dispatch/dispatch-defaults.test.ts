import { describe, expect, it } from 'vitest';
import { defaultTargets, defaultWorkspaceId } from './dispatch-defaults';

const projects = [{ id: 'p-1' }, { id: 'p-2' }];
const agents = [
  { id: 'a-off', online: false },
  { id: 'a-1', online: true },
  { id: 'a-2', online: true },
];

describe('where a dispatch starts', () => {
  it('the last dispatched workspace while it is watched, else the first', () => {
    const watched = [{ id: 'ws-1' }, { id: 'ws-2' }];
    expect(defaultWorkspaceId(watched, { workspaceId: 'ws-2' })).toBe('ws-2');
    expect(defaultWorkspaceId(watched, { workspaceId: 'ws-gone' })).toBe('ws-1');
    expect(defaultWorkspaceId(watched, {})).toBe('ws-1');
    expect(defaultWorkspaceId([], {})).toBeNull();
  });

  it("this device's last project and agent", () => {
    expect(
      defaultTargets(
        { projects, agents },
        { projectId: null, agentId: null },
        { projectId: 'p-2', agentId: 'a-2' },
      ),
    ).toEqual({ projectId: 'p-2', agentId: 'a-2' });
  });

  it('the choice made on the screen wins over the last dispatch while the options hold it', () => {
    expect(
      defaultTargets(
        { projects, agents },
        { projectId: 'p-1', agentId: 'a-1' },
        { projectId: 'p-2', agentId: 'a-2' },
      ),
    ).toEqual({ projectId: 'p-1', agentId: 'a-1' });
    expect(
      defaultTargets({ projects, agents }, { projectId: 'p-gone', agentId: 'a-gone' }, { projectId: 'p-2' }),
    ).toEqual({ projectId: 'p-2', agentId: 'a-1' });
  });

  it('without a last dispatch: the first project and the first online agent', () => {
    expect(defaultTargets({ projects, agents }, { projectId: null, agentId: null }, {})).toEqual({
      projectId: 'p-1',
      agentId: 'a-1',
    });
    expect(
      defaultTargets(
        { projects: [], agents: [{ id: 'a-off', online: false }] },
        { projectId: null, agentId: null },
        {},
      ),
    ).toEqual({ projectId: null, agentId: 'a-off' });
  });
});
