// Deadlines for every outbound request the app makes (voice platforms, models, the relay).

export { abortableBody, withAbortableBodies } from './abortable-body';
export { type DeadlineFetch, withDeadlines } from './deadline-fetch';
export {
  MODEL_FIRST_CHUNK_DEADLINE_MS,
  MODEL_IDLE_DEADLINE_MS,
  MODEL_REQUEST_DEADLINE_MS,
  RELAY_REQUEST_DEADLINE_MS,
  RELAY_SETTINGS_DEADLINE_MS,
  SLOW_UPLINK_BYTES_PER_SECOND,
  TRANSCRIPTION_DEADLINE_MS,
  VOICE_REQUEST_DEADLINE_MS,
  withUploadAllowance,
} from './deadlines';
export {
  type Deadline,
  type DeadlineOptions,
  eitherSignal,
  endpointAt,
  isRequestTimeout,
  RequestTimeoutError,
  requestTimeoutIn,
  startDeadline,
} from './request-deadline';
