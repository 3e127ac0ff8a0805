import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBody, RingbackError, SpeechSettingsReply, SpeechSettingsUpdate } from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import type { ConfigStore } from '../config/config-store';
import { isHttpUrl } from '../config/http-url';
import { readSpeechChannel, type SpeechChannelConfig, toPublicSpeech } from '../config/speech-channel';

/**
 * `GET/PUT/DELETE /speech/settings` (also through the relay): the voice this computer speaks
 * with for devices' `speech.synthesize` requests (`POST <baseUrl>/audio/speech`). The key is kept
 * on the computer and shown only as a hint; a save without one keeps the saved key.
 */
export function speechSettingsRoutes(config: ConfigStore): FastifyPluginAsync {
  return async (app) => {
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    const reply = () => {
      const channel = readSpeechChannel(config.read());
      return { speech: channel ? toPublicSpeech(channel) : null };
    };
    routes.get(
      '/speech/settings',
      { config: { relayable: true }, schema: { response: { 200: SpeechSettingsReply } } },
      async () => reply(),
    );
    routes.put(
      '/speech/settings',
      {
        config: { relayable: true, invalidBodyError: 'invalid_speech_settings' },
        schema: { body: SpeechSettingsUpdate, response: { 200: SpeechSettingsReply, '4xx': ErrorBody } },
      },
      async (request) => {
        const body = request.body;
        const baseUrl = body.baseUrl.trim();
        const model = body.model.trim();
        const voice = body.voice.trim();
        if (!isHttpUrl(baseUrl))
          throw new RingbackError('invalid_speech_settings', 'baseUrl must be an http(s) address');
        if (model === '' || voice === '')
          throw new RingbackError('invalid_speech_settings', 'model and voice must not be empty');
        const apiKey = body.apiKey?.trim() || readSpeechChannel(config.read())?.apiKey;
        if (!apiKey)
          throw new RingbackError('speech_key_required', 'send apiKey: no key is saved on this computer');
        const speech: SpeechChannelConfig = { baseUrl, apiKey, model, voice, format: body.format ?? 'mp3' };
        await config.update((current) => ({ ...current, speech }));
        return reply();
      },
    );
    routes.delete(
      '/speech/settings',
      { config: { relayable: true }, schema: { response: { 200: SpeechSettingsReply } } },
      async () => {
        await config.update(({ speech: _removed, ...rest }) => rest);
        return { speech: null };
      },
    );
  };
}
