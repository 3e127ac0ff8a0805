import { decodeBase64 } from '../../audio/decode-text';
import { audioBlob, errorFromResponse, excerpt, RAW_AUDIO_RESPONSE } from '../../audio/parse-audio';
import { fieldValue, type TtsEngine, VoiceHttpError } from '../../tts-engine';
import { newUuid } from '../custom/template';
import { tc3Authorization } from './tc3-signature';
import {
  TENCENT_DEFAULT_VOICE,
  TENCENT_VOICES,
  tencentPrimaryLanguage,
  tencentSampleRate,
  tencentSpeed,
} from './tencent-voices';

const PLATFORM = 'Tencent Cloud TTS';
const HOST = 'tts.tencentcloudapi.com';
const CONTENT_TYPE = 'application/json';

interface TextToVoiceAnswer {
  readonly Response?: {
    readonly Audio?: string;
    readonly Error?: { readonly Code?: string; readonly Message?: string };
  };
}

/** Tencent Cloud TextToVoice (API 3.0, version 2019-08-23), signed with TC3-HMAC-SHA256. */
export const tencentEngine: TtsEngine = {
  id: 'tencent',
  name: 'Tencent Cloud TTS',
  category: 'cloud',
  site: 'Tencent Cloud TextToVoice',
  docs: 'https://cloud.tencent.com/document/product/1073/37995',
  reaches: () => [`https://${HOST}`],
  fields: [
    { key: 'secretId', label: 'SecretId', kind: 'text', placeholder: 'AKID…' },
    { key: 'secretKey', label: 'SecretKey', kind: 'secret' },
  ],
  // ModelType 1 is the only value; there is nothing to choose.
  models: [],
  voices: () => TENCENT_VOICES,
  // Cloned or newer VoiceType numbers can be typed in.
  customVoice: true,
  defaultVoice: () => TENCENT_DEFAULT_VOICE,
  rate: { min: 0.6, max: 2 },
  async synthesize(input, config, ctx) {
    const voiceType = Number(input.voice);
    if (!Number.isInteger(voiceType) || voiceType <= 0) {
      throw new VoiceHttpError(`${PLATFORM}: the voice must be a VoiceType number, not "${input.voice}"`);
    }
    const body = JSON.stringify({
      Text: input.text,
      SessionId: newUuid(),
      VoiceType: voiceType,
      Codec: 'mp3',
      SampleRate: tencentSampleRate(input.voice),
      Speed: tencentSpeed(input.rate),
      PrimaryLanguage: tencentPrimaryLanguage(input.language),
      ModelType: 1,
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const authorization = tc3Authorization({
      secretId: fieldValue(tencentEngine, config, 'secretId'),
      secretKey: fieldValue(tencentEngine, config, 'secretKey'),
      service: 'tts',
      host: HOST,
      contentType: CONTENT_TYPE,
      body,
      timestamp,
    });
    const response = await ctx.fetch(`https://${HOST}/`, {
      method: 'POST',
      headers: {
        Authorization: authorization,
        'Content-Type': CONTENT_TYPE,
        Host: HOST,
        'X-TC-Action': 'TextToVoice',
        'X-TC-Version': '2019-08-23',
        'X-TC-Timestamp': String(timestamp),
      },
      body,
      signal: ctx.signal,
    });
    if (!response.ok) {
      const error = await errorFromResponse(response);
      throw new VoiceHttpError(`${PLATFORM}: ${error.message}`, error.status);
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    let answer: TextToVoiceAnswer;
    try {
      answer = JSON.parse(new TextDecoder().decode(bytes)) as TextToVoiceAnswer;
    } catch {
      throw new VoiceHttpError(`${PLATFORM}: the answer is not JSON: ${excerpt(bytes)}`);
    }
    // Tencent answers failures with HTTP 200 and `Response.Error`.
    const failure = answer.Response?.Error;
    if (failure) {
      const code = failure.Code ?? 'Error';
      const status = code.includes('LimitExceeded') ? 429 : 400;
      throw new VoiceHttpError(`${PLATFORM}: ${code}: ${failure.Message ?? 'no message'}`, status);
    }
    const audio = answer.Response?.Audio;
    if (!audio) throw new VoiceHttpError(`${PLATFORM}: the answer has no audio`);
    try {
      return audioBlob(decodeBase64(audio), RAW_AUDIO_RESPONSE);
    } catch (error) {
      if (error instanceof VoiceHttpError) throw new VoiceHttpError(`${PLATFORM}: ${error.message}`);
      throw error;
    }
  },
};
