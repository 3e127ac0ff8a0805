import type { KeyValueStore } from './key-value-store';
import { STORAGE_KEYS } from './keys';

/** This device's last dispatch: where the next one starts (spec: Other local records). */
export type DispatchLast = { workspaceId?: string; projectId?: string; agentId?: string };

const FIELDS = ['workspaceId', 'projectId', 'agentId'] as const;

export function loadDispatchLast(store: KeyValueStore): DispatchLast {
  let value: unknown;
  try {
    value = JSON.parse(store.getItem(STORAGE_KEYS.dispatchLast) ?? 'null');
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null) return {};
  const record = value as Record<string, unknown>;
  const last: DispatchLast = {};
  for (const field of FIELDS) {
    const item = record[field];
    if (typeof item === 'string' && item) last[field] = item;
  }
  return last;
}

/** Merged over the record: a comment dispatch names no agent and keeps the one chosen before. */
export function saveDispatchLast(store: KeyValueStore, last: DispatchLast): void {
  try {
    store.setItem(STORAGE_KEYS.dispatchLast, JSON.stringify({ ...loadDispatchLast(store), ...last }));
  } catch {
    // A full store costs only the default next time; the dispatch itself went.
  }
}
