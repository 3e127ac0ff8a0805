import { type Actor, type ActorOptions, createActor } from 'xstate';
import type { DeliveryGateBackoff, DeliveryGateSnapshot, deliveryGateMachine } from './delivery-gate-machine';

export type DeliveryGateActor = Actor<typeof deliveryGateMachine>;

/** What the outbox keeps of the gate: the backoff reached and when to probe next. */
export interface PersistedDeliveryGate extends DeliveryGateBackoff {
  schemaVersion: 1;
}

export function persistDeliveryGate(snapshot: DeliveryGateSnapshot): PersistedDeliveryGate {
  const { failures, nextProbeAt, lastError } = snapshot.context;
  return { schemaVersion: 1, failures, nextProbeAt, lastError };
}

/** Checks a persisted gate read from disk; throws naming what is wrong. */
export function parsePersistedDeliveryGate(raw: unknown): PersistedDeliveryGate {
  const gate = raw as Partial<PersistedDeliveryGate> | null;
  if (typeof gate !== 'object' || gate === null) throw new Error('not an object');
  if (gate.schemaVersion !== 1) throw new Error(`unknown schema version ${String(gate.schemaVersion)}`);
  const { failures, nextProbeAt } = gate;
  if (typeof failures !== 'number' || !Number.isInteger(failures) || failures < 0)
    throw new Error('bad failure count');
  if (nextProbeAt !== null && typeof nextProbeAt !== 'number') throw new Error('bad probe time');
  return {
    schemaVersion: 1,
    failures,
    nextProbeAt: nextProbeAt ?? null,
    lastError: typeof gate.lastError === 'string' ? gate.lastError : null,
  };
}

/** What the host may set of the gate besides its saved backoff. */
export interface DeliveryGateTuning {
  /** The longest backoff step, below 5 min: tests only (`DeliveryGateInput.maxProbeDelayMs`). */
  maxProbeDelayMs?: number;
}

/**
 * The gate, fresh (no `restore`, or nothing persisted) or restored from disk at host time
 * `restore.at` (epoch ms, so a backoff waits only what is left of it), not yet started.
 * `machine` is `deliveryGateMachine`, possibly with the host's options provided.
 */
export function createDeliveryGateActor(
  machine: typeof deliveryGateMachine,
  restore?: { persisted: unknown; at: number },
  options: Omit<ActorOptions<typeof deliveryGateMachine>, 'input' | 'snapshot'> = {},
  tuning: DeliveryGateTuning = {},
): DeliveryGateActor {
  const { maxProbeDelayMs } = tuning;
  const tuned = maxProbeDelayMs === undefined ? {} : { maxProbeDelayMs };
  if (restore?.persisted === undefined || restore.persisted === null)
    return createActor(machine, { ...options, input: tuned });
  const { schemaVersion: _, ...backoff } = parsePersistedDeliveryGate(restore.persisted);
  return createActor(machine, { ...options, input: { ...tuned, restored: { backoff, at: restore.at } } });
}
