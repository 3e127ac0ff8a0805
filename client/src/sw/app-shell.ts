/** The app's one page: `/` or `/index.html`, with any query (`?answer=<id>`); `/v1/` is never the app. */
export const APP_NAVIGATION = /^\/(index\.html)?(\?.*)?$/;
/** Whether a window shows the app itself (not, say, an icon opened in a tab): only such a window rings or answers. */
export function isAppWindowUrl(url: string): boolean {
  const { pathname, search } = new URL(url);
  return APP_NAVIGATION.test(pathname + search);
}

/** How long a navigation waits for the relay before the copy kept on the device is shown. */
export const NAVIGATION_NETWORK_MS = 3_000;

export interface AppShellDeps {
  fetch(request: Request): Promise<Response>;
  /** The precached index.html, if the worker holds it. */
  cachedShell(): Promise<Response | undefined>;
  networkMs?: number;
}

/**
 * Opens the app: from the relay when it answers (each load gets its own style nonce and the
 * newest page), else from the copy kept at install, so the installed app opens offline, or when
 * the relay is down or too slow. Everything the page then loads is precached and served at once.
 */
export function appShellHandler(deps: AppShellDeps): (request: Request) => Promise<Response> {
  const networkMs = deps.networkMs ?? NAVIGATION_NETWORK_MS;
  return async (request) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tooSlow = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('the relay is too slow')), networkMs);
    });
    try {
      const response = await Promise.race([deps.fetch(request), tooSlow]);
      // A proxy's 502 in front of a stopped relay is no page to show: the kept copy is.
      if (response.status < 500) return response;
      return (await deps.cachedShell()) ?? response;
    } catch {
      return (await deps.cachedShell()) ?? Response.error();
    } finally {
      clearTimeout(timer);
    }
  };
}
