import { VOICE_REQUEST_DEADLINE_MS, withDeadlines } from '../net';
import type { TtsContext, TtsEngine } from './tts-engine';

/**
 * The same engine, with a deadline on every HTTP request it makes through `ctx.fetch` (its
 * syntheses, audio downloads and voice lists), wherever it is called from. A request that runs
 * out of time fails the work with a RequestTimeoutError naming the platform's host, even when the
 * engine's own code turned the aborted read into another error.
 */
export function withRequestDeadlines(engine: TtsEngine, ms = VOICE_REQUEST_DEADLINE_MS): TtsEngine {
  const guarded = async <T>(ctx: TtsContext, work: (ctx: TtsContext) => Promise<T>): Promise<T> => {
    const requests = withDeadlines(ctx.fetch, ms, 'the voice platform');
    try {
      return await work({ ...ctx, fetch: requests.fetch });
    } catch (error) {
      throw requests.expired() ?? error;
    } finally {
      requests.clear();
    }
  };
  const { listVoices } = engine;
  return {
    ...engine,
    synthesize: (input, config, ctx) => guarded(ctx, (timed) => engine.synthesize(input, config, timed)),
    ...(listVoices
      ? { listVoices: (config, ctx) => guarded(ctx, (timed) => listVoices.call(engine, config, timed)) }
      : {}),
  };
}
