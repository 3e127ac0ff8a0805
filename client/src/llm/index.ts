export {
  type AnswerContext,
  type AnswerReport,
  type AnswerTurn,
  buildAnswerMessages,
  type ChatMessage,
  type ListeningProgress,
} from './answer-messages';
export { type AnswerRequest, streamAnswer } from './answer-question';
export { streamAnswerThroughComputer } from './answer-through-computer';
export { type ListModelsResult, listModels } from './list-models';
export {
  createLlmClient,
  type LlmClientOptions,
  type LlmEndpoint,
  withoutSdkHeaders,
} from './llm-client';
export { describeLlmFailure, LlmCallError } from './llm-failure';
export { normalizeBaseUrl } from './normalize-base-url';
export { type ConnectionTestResult, type StructuredOutputMode, testConnection } from './test-connection';
