import type { TrackerState } from './model.js';

export type ActorType = 'member' | 'agent' | 'system';

/** One realtime frame as Multica broadcasts it to every socket of a workspace. */
export interface TrackerEvent {
  type: string;
  payload: Record<string, unknown>;
  actor_id: string;
  actor_type: ActorType;
}

/** Shared by every part of the fake: the model, the clock, the public origin and the broadcaster. */
export interface Core {
  state: TrackerState;
  now(): number;
  /** The http origin the server listens on; absolute `markdown_url`s are built from it. */
  publicUrl(): string;
  emit(workspaceId: string, event: TrackerEvent): void;
}
