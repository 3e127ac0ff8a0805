import { dispatchMachine } from './dispatch-machine';
import { type DispatchActor, startDispatch } from './dispatch-persistence';
import type { DispatchInput, ObservedIssue, ObservedTask } from './dispatch-types';

/** Test fixtures: a dispatch made at T0, with a `persist` that counts the writes it asks for. */
export const T0 = Date.parse('2025-05-01T10:00:00Z');

export const iso = (ms: number) => new Date(ms).toISOString();

export function issueInput(overrides: Partial<DispatchInput> = {}): DispatchInput {
  return {
    id: 'task-1',
    kind: 'issue',
    workspaceId: 'ws-1',
    taskId: 'task-1',
    projectId: 'proj-1',
    agentId: 'agent-1',
    agentName: 'Ada',
    prompt: 'Fix the login page',
    images: 2,
    createdAt: T0,
    ...overrides,
  };
}

export function commentInput(overrides: Partial<DispatchInput> = {}): DispatchInput {
  return {
    id: 'comment-1',
    kind: 'comment',
    workspaceId: 'ws-1',
    issueId: 'issue-7',
    agentName: '',
    prompt: 'Also check the logout',
    images: 0,
    createdAt: T0,
    ...overrides,
  };
}

export function task(overrides: Partial<ObservedTask> = {}): ObservedTask {
  return { status: 'running', issueId: '', completedAt: null, ...overrides };
}

export function issue(overrides: Partial<ObservedIssue> = {}): ObservedIssue {
  return {
    id: 'issue-7',
    identifier: 'ACME-7',
    title: 'Login page rejects valid passwords',
    status: 'todo',
    priority: 'high',
    updatedAt: iso(T0 + 30_000),
    ...overrides,
  };
}

export interface DispatchHarness {
  actor: DispatchActor;
  /** How many times the machine asked the host to persist. */
  persists: () => number;
}

export function startWith(from: { input: DispatchInput } | { persisted: unknown }): DispatchHarness {
  let count = 0;
  const machine = dispatchMachine.provide({
    actions: {
      persist: () => {
        count += 1;
      },
    },
  });
  return { actor: startDispatch(machine, from), persists: () => count };
}
