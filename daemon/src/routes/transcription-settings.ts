import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  RingbackError,
  TranscriptionSettingsReply,
  TranscriptionSettingsUpdate,
} from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import type { ConfigStore } from '../config/config-store';
import { isHttpUrl } from '../config/http-url';
import {
  readTranscriptionChannel,
  type TranscriptionChannelConfig,
  toPublicTranscription,
} from '../config/transcription-channel';

/**
 * `GET/PUT/DELETE /transcription/settings` (also through the relay): the speech-to-text endpoint
 * this computer uses for devices' `speech.transcribe` requests (`POST <baseUrl>/audio/transcriptions`).
 * The key is kept on the computer and shown only as a hint; a save without one keeps the saved key.
 */
export function transcriptionSettingsRoutes(config: ConfigStore): FastifyPluginAsync {
  return async (app) => {
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    const reply = () => {
      const channel = readTranscriptionChannel(config.read());
      return { transcription: channel ? toPublicTranscription(channel) : null };
    };
    routes.get(
      '/transcription/settings',
      { config: { relayable: true }, schema: { response: { 200: TranscriptionSettingsReply } } },
      async () => reply(),
    );
    routes.put(
      '/transcription/settings',
      {
        config: { relayable: true, invalidBodyError: 'invalid_transcription_settings' },
        schema: {
          body: TranscriptionSettingsUpdate,
          response: { 200: TranscriptionSettingsReply, '4xx': ErrorBody },
        },
      },
      async (request) => {
        const baseUrl = request.body.baseUrl.trim();
        const model = request.body.model.trim();
        if (!isHttpUrl(baseUrl))
          throw new RingbackError('invalid_transcription_settings', 'baseUrl must be an http(s) address');
        if (model === '')
          throw new RingbackError('invalid_transcription_settings', 'model must not be empty');
        const apiKey = request.body.apiKey?.trim() || readTranscriptionChannel(config.read())?.apiKey;
        if (!apiKey)
          throw new RingbackError(
            'transcription_key_required',
            'send apiKey: no key is saved on this computer',
          );
        const transcription: TranscriptionChannelConfig = { baseUrl, apiKey, model };
        await config.update((current) => ({ ...current, transcription }));
        return reply();
      },
    );
    routes.delete(
      '/transcription/settings',
      { config: { relayable: true }, schema: { response: { 200: TranscriptionSettingsReply } } },
      async () => {
        await config.update(({ transcription: _removed, ...rest }) => rest);
        return { transcription: null };
      },
    );
  };
}
