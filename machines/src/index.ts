export type {
  DeliveryGateContext,
  DeliveryGateEvent,
  DeliveryGateInput,
  DeliveryGateSnapshot,
} from './delivery-gate/delivery-gate-machine';
export {
  deliveryGateMachine,
  deliverySlots,
  MAX_CONCURRENT_DELIVERIES,
  NOT_READY_CHECK_MS,
} from './delivery-gate/delivery-gate-machine';
export type { DeliveryGateActor, PersistedDeliveryGate } from './delivery-gate/delivery-gate-persistence';
export {
  createDeliveryGateActor,
  parsePersistedDeliveryGate,
  persistDeliveryGate,
} from './delivery-gate/delivery-gate-persistence';
export { ArrivalOrderSlots } from './outbox-entry/arrival-order-slots';
export type {
  DeliveryAttempt,
  DeliveryNotReady,
  DeliveryOutcome,
  DeliveryResult,
} from './outbox-entry/classify-delivery';
export { classifyDelivery, isNotReady } from './outbox-entry/classify-delivery';
export { GenerationScheduler, MAX_CONCURRENT_BRIEFS } from './outbox-entry/generation-scheduler';
export type {
  OutboxEntryContext,
  OutboxEntryEvent,
  OutboxEntryInput,
  OutboxEntrySource,
  ResumableState,
} from './outbox-entry/outbox-entry-machine';
export { outboxEntryMachine } from './outbox-entry/outbox-entry-machine';
export type { OutboxEntryActor, PersistedOutboxEntry } from './outbox-entry/outbox-entry-persistence';
export {
  createOutboxEntryActor,
  newPersistedOutboxEntry,
  parsePersistedOutboxEntry,
  persistOutboxEntry,
  resumeStateOf,
} from './outbox-entry/outbox-entry-persistence';
export {
  BASE_RETRY_DELAY_MS,
  MAX_RETRY_DELAY_MS,
  RETRY_JITTER,
  retryDelayMs,
} from './outbox-entry/retry-delay';
