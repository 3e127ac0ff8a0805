import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBody, LlmSettingsReply, LlmSettingsUpdate, RingbackError } from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import type { ConfigStore } from '../config/config-store';
import type { LlmChannelConfig } from '../config/daemon-config';
import { readLlmChannel, toPublicChannel } from '../config/llm-channel';

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function field(record: unknown, name: string): unknown {
  return typeof record === 'object' && record !== null
    ? (record as Record<string, unknown>)[name]
    : undefined;
}

/**
 * `GET/PUT/DELETE /llm/settings` (also through the relay): the single LLM channel. A save replaces the whole `llm`
 * object (an old hand-left `llm.fallback` goes) and takes effect for the next brief.
 */
export function llmRoutes(config: ConfigStore): FastifyPluginAsync {
  return async (app) => {
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    const reply = () => {
      const channel = readLlmChannel(config.read());
      return { channel: channel ? toPublicChannel(channel) : null };
    };

    routes.get(
      '/llm/settings',
      { config: { relayable: true }, schema: { response: { 200: LlmSettingsReply } } },
      async () => reply(),
    );

    routes.put(
      '/llm/settings',
      {
        config: { relayable: true, invalidBodyError: 'invalid_llm_settings' },
        schema: { body: LlmSettingsUpdate, response: { 200: LlmSettingsReply, '4xx': ErrorBody } },
      },
      async (request) => {
        const body = request.body;
        const baseUrl = body.baseUrl.trim();
        const model = body.model.trim();
        if (!isHttpUrl(baseUrl))
          throw new RingbackError('invalid_llm_settings', 'baseUrl must be an http(s) address');
        if (model === '') throw new RingbackError('invalid_llm_settings', 'model must not be empty');
        const saved = config.read().llm?.primary;
        const savedKey = field(saved, 'apiKey');
        const apiKey =
          body.apiKey?.trim() || (typeof savedKey === 'string' && savedKey.trim() ? savedKey : undefined);
        if (!apiKey)
          throw new RingbackError('llm_key_required', 'send apiKey: no key is saved on this computer');

        const primary: LlmChannelConfig = {
          baseUrl,
          apiKey,
          model,
          structuredOutput: body.structuredOutput ?? 'json_schema',
        };
        // Hand-added tuning belongs to one endpoint and model; it does not follow a switch.
        if (field(saved, 'baseUrl') === baseUrl && field(saved, 'model') === model) {
          const timeoutMs = field(saved, 'timeoutMs');
          const reasoningEffort = field(saved, 'reasoningEffort');
          if (typeof timeoutMs === 'number') primary.timeoutMs = timeoutMs;
          if (typeof reasoningEffort === 'string') primary.reasoningEffort = reasoningEffort;
        }
        await config.update((current) => ({ ...current, llm: { primary } }));
        return reply();
      },
    );

    routes.delete(
      '/llm/settings',
      { config: { relayable: true }, schema: { response: { 200: LlmSettingsReply } } },
      async () => {
        await config.update(({ llm: _removed, ...rest }) => rest);
        return { channel: null };
      },
    );
  };
}
