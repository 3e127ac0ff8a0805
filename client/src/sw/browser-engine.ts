/**
 * Whether the worker runs in WebKit (Safari, and every browser on iOS), from its user agent.
 * WebKit revokes a push subscription after a few pushes that show no notification, even while a
 * window of the app has the focus; Chromium lets a focused window stand in for one. Blink
 * browsers (Chrome, Edge, Samsung Internet, Opera, headless Chromium) name `Chrome/` beside
 * `AppleWebKit`; WebKit ones never do (Chrome on iOS says `CriOS/`, Firefox on iOS `FxiOS/`).
 */
export function isWebKit(userAgent: string): boolean {
  return /AppleWebKit\//.test(userAgent) && !/Chrome\/|Chromium\//.test(userAgent);
}
