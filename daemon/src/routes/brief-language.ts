import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  BriefLanguageReply,
  BriefLanguageUpdate,
  ErrorBody,
  isBriefLocale,
  normalizeBriefLocale,
  RingbackError,
} from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { currentBriefLanguage } from '../config/brief-language';
import type { ComputerLanguage } from '../config/computer-language';
import type { ConfigStore } from '../config/config-store';

/** `GET/PUT /brief/language` (also through the relay): one of the 90 brief locales, saved to `brief.language`. */
export function briefLanguageRoutes(config: ConfigStore, computer: ComputerLanguage): FastifyPluginAsync {
  return async (app) => {
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();

    routes.get(
      '/brief/language',
      { config: { relayable: true }, schema: { response: { 200: BriefLanguageReply } } },
      async () => currentBriefLanguage(config.read(), computer),
    );

    routes.put(
      '/brief/language',
      {
        config: { relayable: true, invalidBodyError: 'invalid_language' },
        schema: { body: BriefLanguageUpdate, response: { 200: BriefLanguageReply, '4xx': ErrorBody } },
      },
      async (request) => {
        const requested = request.body.language.trim();
        const language = isBriefLocale(requested) ? normalizeBriefLocale(requested) : null;
        if (!language) {
          throw new RingbackError(
            'invalid_language',
            `${requested} is not one of the brief locales (for example es-MX)`,
          );
        }
        await config.update((current) => ({ ...current, brief: { ...current.brief, language } }));
        return { language, source: 'app' as const };
      },
    );
  };
}
