export type { FakeLlm, FakeLlmReply, RecordedLlmRequest } from './fakes/fake-llm-server';
export { plainBrief, startFakeLlm } from './fakes/fake-llm-server';
export {
  DESKTOP_VIEWPORT,
  launchChromium,
  newMonitoredContext,
  PHONE_VIEWPORT,
  playedAudio,
} from './support/browser';
export {
  answerText,
  askComputer,
  type ComputerAnswer,
  type ComputerRequest,
  sealComputerRequest,
} from './support/computer-requests';
export { startDaemonProcess } from './support/daemon-process';
export { freePort } from './support/free-port';
export { newestPostgresBin, type PostgresServer, startPostgresServer } from './support/postgres-server';
export { pairingPageUrl, storeSealedCall } from './support/pwa-calls';
export { startRelayProcess } from './support/relay-process';
export { type RunningRingback, standInClaude, startRingbackUp } from './support/ringback-up';
export { runRingback } from './support/run-hook-process';
export { daemonKeyOf } from './support/sealed-events';
export { makeDataDir, waitFor } from './support/temp-data-dir';
export { type ToneOptions, tonePcm, toneWav, wavOf } from './support/tone-wav';
