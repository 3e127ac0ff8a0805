/**
 * Playwright's `env` replaces the launched process's whole environment, so the shell gets the
 * check's own (xvfb-run hands its child the X cookie only through XAUTHORITY; the display, the
 * runtime dir and the private D-Bus session with its keyring are variables too), with the check's
 * variables (temp HOME, config, daemon home) over it.
 */
export function shellSmokeEnv(
  parent: NodeJS.ProcessEnv,
  own: Record<string, string>,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(parent)) {
    if (value !== undefined && !LEFT_OUT.has(name)) env[name] = value;
  }
  return { ...env, ...own };
}

/**
 * ELECTRON_RUN_AS_NODE makes the binary a plain Node; NODE_OPTIONS may carry the check's own
 * loader (`--import tsx`), which Electron's main would then try to load.
 */
const LEFT_OUT = new Set(['ELECTRON_RUN_AS_NODE', 'NODE_OPTIONS']);
