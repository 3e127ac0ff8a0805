export {
  type AskComputerOptions,
  askComputer,
  COMPUTER_ANSWER_DEADLINE_MS,
  type ComputerAnswerPiece,
  type ComputerRequest,
} from './ask-computer';
export {
  type AskOverLink,
  type ComputerLink,
  type ComputerLinkHolder,
  computerLink,
  createComputerLinkHolder,
} from './computer-link';
export {
  DEFAULT_STREAM_TIMING,
  type EventStream,
  type EventStreamOptions,
  openEventStream,
  type StreamFrame,
  type StreamState,
  type StreamTiming,
} from './event-stream';
export {
  formatPairLink,
  type PairLink,
  PairLinkError,
  type PairLinkProblem,
  pairFromLocationHash,
  parsePairLink,
} from './pair-link';
export {
  createRelayClient,
  type LeaseRenewal,
  type RelayClient,
  type RelayClientOptions,
  redeemPairingCode,
  type SettingsRequest,
  type SettingsResult,
  type StatusWriteResult,
  type WrittenStatus,
} from './relay-client';
export { RelayError, RelayTimeoutError, RelayUnauthorizedError } from './relay-error';
export { newRequestId } from './request-id';
