export type { FakeLlm, FakeLlmReply, RecordedLlmRequest } from './fakes/fake-llm-server';
export { plainBrief, startFakeLlm } from './fakes/fake-llm-server';
export { freePort } from './support/free-port';
