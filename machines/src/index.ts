export type { CallQueueSnapshot } from './call-queue/call-queue-machine';
export { callQueueMachine, PREPARE_DEADLINE_MS, RING_TIMEOUT_MS } from './call-queue/call-queue-machine';
export type { CallQueueActor, StartCallQueueOptions } from './call-queue/call-queue-persistence';
export {
  isRestorableCallQueue,
  quiescentCallQueue,
  startCallQueue,
} from './call-queue/call-queue-persistence';
export {
  acknowledgeableIds,
  isExpired,
  isLate,
  LATE_AFTER_MS,
  MAX_ANSWERED_IDS,
  MAX_SETTLED_CALLS,
} from './call-queue/call-queue-rules';
export type { CallQueueView } from './call-queue/call-queue-selectors';
export {
  sameCalls,
  selectAnsweredIds,
  selectCall,
  selectCurrentCall,
  selectFailedCalls,
  selectMayRing,
  selectMissedCalls,
  selectMissedCount,
  selectPreparingCount,
  selectQueuedCalls,
  selectRingingCall,
} from './call-queue/call-queue-selectors';
export type {
  CallQueueContext,
  CallQueueEvent,
  CallQueueInput,
  DeviceRef,
  IncomingReport,
  IssuePriority,
  QueuedCall,
  QueuedCallState,
  WrittenCallStatus,
} from './call-queue/call-queue-types';
export { compareCalls, PRIORITY_ORDER, rankCalls } from './call-queue/call-ranking';
export type {
  DeliveryGateBackoff,
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
export type {
  DeliveryGateActor,
  DeliveryGateTuning,
  PersistedDeliveryGate,
} from './delivery-gate/delivery-gate-persistence';
export {
  createDeliveryGateActor,
  parsePersistedDeliveryGate,
  persistDeliveryGate,
} from './delivery-gate/delivery-gate-persistence';
export type { DispatchSnapshot } from './dispatch/dispatch-machine';
export { dispatchMachine } from './dispatch/dispatch-machine';
export type { DispatchActor, PersistedDispatch } from './dispatch/dispatch-persistence';
export { isRestorableDispatch, startDispatch } from './dispatch/dispatch-persistence';
export { COMPLETED_WITHOUT_ISSUE_MS, NO_ISSUE_REASON, TASK_FAILED_REASON } from './dispatch/dispatch-rules';
export type {
  DispatchContext,
  DispatchEvent,
  DispatchInput,
  DispatchKind,
  DispatchState,
  ObservedIssue,
  ObservedTask,
  TrackerTaskStatus,
} from './dispatch/dispatch-types';
export type { DispatchRefresh, DispatchView } from './dispatch/dispatch-view';
export { dispatchRefresh, dispatchState, dispatchView } from './dispatch/dispatch-view';
export { dispatchCallMachine, LOOKUP_INTERVAL_MS } from './dispatch-call/dispatch-call-machine';
export type {
  DispatchCallContext,
  DispatchCallEvent,
  DispatchStatus,
  DispatchTarget,
  PreparedImage,
  UploadedImage,
} from './dispatch-call/dispatch-call-types';
export type { CallPosition } from './in-call/call-position';
export {
  comparePositions,
  firstPosition,
  MIN_READING_MS,
  nextPosition,
  nextSegmentIndex,
  previousSegmentIndex,
  READING_MS_PER_CHAR,
  readingTimeMs,
  sentencesBefore,
  totalSentences,
} from './in-call/call-position';
export type { CallSegment, CallSegmentKind, CallSegmentsInput } from './in-call/call-segments';
export { buildCallSegments } from './in-call/call-segments';
export { CONTINUE_WORDS, isContinueWord } from './in-call/continue-words';
export { inCallMachine } from './in-call/in-call-machine';
export type { InCallSnapshot } from './in-call/in-call-selectors';
export {
  progressFraction,
  selectAnswerCaption,
  selectAnswerFailed,
  selectAnswerSoFar,
  selectConversation,
  selectCurrentSegmentIndex,
  selectCurrentSentence,
  selectCurrentSentenceIndex,
  selectDecisions,
  selectProgress,
  selectQuestion,
  selectSegments,
  selectVoiceMode,
  selectVoiceUnavailable,
} from './in-call/in-call-selectors';
export type {
  AnswerInProgress,
  AnswerQuestionInput,
  CallDecision,
  ConversationTurn,
  InCallContext,
  InCallEvent,
  InCallInput,
  InCallOutput,
  SpeakSentenceInput,
  VoiceMode,
  VoiceUnavailableFlag,
} from './in-call/in-call-types';
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
export type { SpokenDecision } from './permission/permission-words';
export { spokenDecision } from './permission/permission-words';
export { REPLY_SEND_DEADLINE_MS, replyMachine } from './reply/reply-machine';
export type {
  ReplyContext,
  ReplyEvent,
  ReplyInput,
  ReplyProgress,
  ReplySendResult,
} from './reply/reply-types';
export { ReplyRefusedError } from './reply/reply-types';
export { defaultModes } from './ring-schedule/default-modes';
export type { ModeChangeResult, ModeOverlap, ModeProblem } from './ring-schedule/mode-overlaps';
export {
  describeOverlap,
  disableMode,
  enableMode,
  overlapsWith,
  updateMode,
  validateModes,
} from './ring-schedule/mode-overlaps';
export type { Mode, ModeRule, TimeRange, Weekday } from './ring-schedule/mode-types';
export { EVERY_DAY, isWeekday, MONDAY_TO_FRIDAY, WEEKDAY_NAMES } from './ring-schedule/mode-types';
export { parseStoredModes } from './ring-schedule/parse-stored-modes';
export type {
  RingScheduleContext,
  RingScheduleEvent,
  RingScheduleInput,
  RingScheduleSnapshot,
} from './ring-schedule/ring-schedule-machine';
export { ringScheduleMachine } from './ring-schedule/ring-schedule-machine';
export type { CallQueueReceiver } from './ring-schedule/ring-schedule-queue';
export { ringPolicyEvent, ringScheduleDriving } from './ring-schedule/ring-schedule-queue';
export type { RingVerdict } from './ring-schedule/ring-verdict';
export {
  activeModeAt,
  LOOK_AHEAD_MS,
  mayRingAt,
  nextChange,
  ringVerdict,
} from './ring-schedule/ring-verdict';
export { formatTimeOfDay, parseTimeOfDay } from './ring-schedule/time-of-day';
export { MAX_SENTENCE_CHARS, MIN_SENTENCE_CHARS } from './sentences/sentence-rules';
export { SentenceChunker, splitSentences } from './sentences/split-sentences';
export {
  STATUS_RETRY_BASE_MS,
  STATUS_RETRY_MAX_MS,
  statusRetryDelayMs,
  statusWriteMachine,
} from './status-write/status-write-machine';
export type { StatusWriteInput, StatusWriteResult } from './status-write/status-write-types';
