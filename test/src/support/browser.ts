import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's Chromium, which `.ci/run` installs. */
export const CHROMIUM_PATH = process.env.RINGBACK_CHROMIUM ?? '/usr/bin/chromium';

/**
 * How long a page step (a click, a wait for an element) may take when it names no timeout of its
 * own. Playwright's 30 s is too little on a 2-core machine busy with other work; a step that waits
 * for a condition costs nothing extra when the condition comes sooner.
 */
export const STEP_TIMEOUT_MS = 60_000;

export const PHONE_VIEWPORT = { width: 390, height: 844 };
export const DESKTOP_VIEWPORT = { width: 1280, height: 800 };

/**
 * Headless Chromium as the house runs it; audio may start without a click (the page still asks for
 * one). `extraArgs` add flags such as a fake camera or host mapping.
 */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--autoplay-policy=no-user-gesture-required',
      ...extraArgs,
    ],
  });
  // Every context (and `browser.newPage()`, which makes one) waits as long as a busy machine needs.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    return context;
  };
  return browser;
}

/** What the page played, as the audio monitor saw it. */
export interface PlayedAudio {
  /** Each AudioBuffer started: its length and loudness (speech). */
  buffers: { at: number; seconds: number; rms: number }[];
  /** The loudest output level seen per 50 ms window, while anything was connected to the speakers. */
  levels: { at: number; rms: number }[];
}

/**
 * Listens to everything the page plays without changing it: every AudioBuffer source started is
 * measured (speech), and every node connected to the speakers is also fed to an analyser whose
 * level is sampled (ringtones are oscillators, not buffers).
 */
const AUDIO_MONITOR = `(() => {
  const played = { buffers: [], levels: [] };
  Object.defineProperty(window, '__ringbackPlayed', { value: played });
  const rmsOf = (data) => { let sum = 0; for (let i = 0; i < data.length; i++) sum += data[i] * data[i]; return Math.sqrt(sum / Math.max(1, data.length)); };
  const start = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (...args) {
    if (this.buffer) played.buffers.push({ at: performance.now(), seconds: this.buffer.duration, rms: rmsOf(this.buffer.getChannelData(0)) });
    return start.apply(this, args);
  };
  const analysers = new WeakMap();
  const connect = AudioNode.prototype.connect;
  AudioNode.prototype.connect = function (target, ...rest) {
    const result = connect.call(this, target, ...rest);
    if (target instanceof AudioDestinationNode) {
      const context = target.context;
      let analyser = analysers.get(context);
      if (!analyser) {
        analyser = context.createAnalyser();
        analyser.fftSize = 2048;
        analysers.set(context, analyser);
        const data = new Float32Array(analyser.fftSize);
        setInterval(() => { analyser.getFloatTimeDomainData(data); const rms = rmsOf(data); if (rms > 0.001) played.levels.push({ at: performance.now(), rms }); }, 50);
      }
      connect.call(this, analyser);
    }
    return result;
  };
})();`;

export async function newMonitoredContext(
  browser: Browser,
  viewport: { width: number; height: number },
  options: { isMobile?: boolean; userAgent?: string } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    isMobile: options.isMobile ?? false,
    hasTouch: options.isMobile ?? false,
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  // Also for a browser launched without launchChromium.
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  await monitorAudio(context);
  return context;
}

/** Starts the audio monitor in every page of `context` opened or loaded from now on (see playedAudio). */
export async function monitorAudio(context: BrowserContext): Promise<void> {
  await context.addInitScript(AUDIO_MONITOR);
}

export async function playedAudio(page: Page): Promise<PlayedAudio> {
  return page.evaluate(() => (globalThis as unknown as { __ringbackPlayed: PlayedAudio }).__ringbackPlayed);
}
