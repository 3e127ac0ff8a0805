import { normalizeBaseUrl } from '../../llm';
import type { ComputerEndpointValues } from '../../ui';

/**
 * The PUT body for the computer's voice or speech recognition: the address normalised as the
 * device's own are, and the key only when one was typed (else the computer keeps its saved one).
 */
export function computerEndpointBody(values: ComputerEndpointValues): Record<string, string> {
  const baseUrl = normalizeBaseUrl(values.baseUrl);
  if (!baseUrl) throw new Error('The base address must be an http(s) address');
  return {
    baseUrl,
    model: values.model,
    ...(values.voice !== undefined ? { voice: values.voice } : {}),
    ...(values.apiKey ? { apiKey: values.apiKey } : {}),
  };
}
