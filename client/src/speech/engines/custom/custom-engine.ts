import { parseAudioResponse } from '../../audio/parse-audio';
import { type TtsConfig, type TtsEngine, VoiceHttpError } from '../../tts-engine';
import { DEFAULT_TEMPLATE, placeholderValues, renderTemplate, templateProblem } from './template';

function templateOf(config: TtsConfig) {
  return config.request ?? DEFAULT_TEMPLATE;
}

/** The user's own HTTP request (pasted as cURL), one per sentence. */
export const customEngine: TtsEngine = {
  id: 'custom',
  name: 'Custom HTTP',
  category: 'custom',
  site: 'your own request, imported from cURL',
  fields: [],
  models: [],
  voices: () => [],
  customVoice: true,
  // The default template is an OpenAI speech request, whose voices include alloy.
  defaultVoice: () => 'alloy',
  rate: { min: 0.5, max: 2 },
  requestProblem: (config) => templateProblem(templateOf(config)),
  async synthesize(input, config, ctx) {
    const template = templateOf(config);
    const problem = templateProblem(template);
    if (problem) throw new VoiceHttpError(problem);
    const request = renderTemplate(template, placeholderValues(input));
    const response = await ctx.fetch(request.url, {
      method: request.method,
      headers: request.headers.map(([name, value]) => [name, value] as [string, string]),
      body: request.body,
      signal: ctx.signal,
    });
    return parseAudioResponse(response, template.response, ctx);
  },
};
