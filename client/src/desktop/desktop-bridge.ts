import type { DesktopBridge } from '@ringback/protocol';

/**
 * The desktop shell's bridge on `window.ringback`, or null in a browser: the one test of desktop
 * mode. Read at each call, so tests (and a preload that ran late) are seen.
 */
export function desktopBridge(
  host: { ringback?: unknown } = globalThis as { ringback?: unknown },
): DesktopBridge | null {
  const candidate = host.ringback as Partial<DesktopBridge> | undefined;
  return candidate?.kind === 'desktop' ? (candidate as DesktopBridge) : null;
}
