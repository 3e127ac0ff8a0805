import { type DispatchActor, dispatchMachine, startDispatch } from '@ringback/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../log/logger';
import { type TrackerClient, TrackerRequestError } from '../api';
import { refreshDispatches } from './dispatch-refresh';
import { TRACKER_READ_CONCURRENCY } from './map-limited';

const T0 = Date.parse('2026-11-23T10:00:00Z');
const actors: DispatchActor[] = [];
afterEach(() => {
  for (const actor of actors.splice(0)) actor.stop();
});

function comment(n: number): DispatchActor {
  const actor = startDispatch(dispatchMachine, {
    input: {
      id: `c${n}`,
      kind: 'comment',
      workspaceId: 'ws-1',
      issueId: `i${n}`,
      agentName: '',
      prompt: 'x',
      images: 0,
      createdAt: T0,
    },
  });
  actors.push(actor);
  return actor;
}

describe('refreshDispatches', () => {
  it('stops reading once the tracker is unreachable, and keeps every record as it was', async () => {
    const records = Array.from({ length: 20 }, (_, n) => comment(n));
    let reads = 0;
    const client = {
      getIssue: async (_ws: string, id: string) => {
        reads += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        throw new TrackerRequestError({ kind: 'network', method: 'GET', path: `/api/issues/${id}` });
      },
    } as unknown as TrackerClient;
    const logger = createMemoryLogger();

    await refreshDispatches(records, { client, logger, now: () => T0 });

    expect(reads).toBe(TRACKER_READ_CONCURRENCY);
    expect(logger.lines).toHaveLength(TRACKER_READ_CONCURRENCY);
    expect(records.every((r) => r.getSnapshot().value === 'created')).toBe(true);
  });

  it('goes on past an issue that is gone (a 404 is not an outage)', async () => {
    const records = Array.from({ length: 12 }, (_, n) => comment(n));
    let reads = 0;
    const client = {
      getIssue: async (_ws: string, id: string) => {
        reads += 1;
        throw new TrackerRequestError({
          kind: 'http',
          status: 404,
          method: 'GET',
          path: `/api/issues/${id}`,
        });
      },
    } as unknown as TrackerClient;
    await refreshDispatches(records, { client, logger: createMemoryLogger(), now: () => T0 });
    expect(reads).toBe(12);
  });
});
