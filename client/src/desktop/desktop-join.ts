import type { DesktopBridge, PairingOffer, ServiceInstallResult } from '@ringback/protocol';

/** Client spec, Endpoints rule 1: while the daemon is not running, asked again every 30 s. */
export const DAEMON_RETRY_MS = 30_000;

export type JoinStep =
  /** Asking the daemon for a pairing offer. */
  | { kind: 'asking' }
  /** The offer came; the app is joining with it. */
  | { kind: 'offered' }
  /** No daemon answers on this computer (no key file, or nothing listening): asked again later. */
  | { kind: 'missing'; message: string }
  /** The daemon answered and said no (a key mismatch): not asked again until the user says. */
  | { kind: 'refused'; message: string };

export type InstallStep =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'installed'; output: string }
  | { kind: 'failed'; reason: Extract<ServiceInstallResult, { ok: false }>['reason']; message: string };

export interface JoinView {
  step: JoinStep;
  install: InstallStep;
}

interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * The desktop app joins the account of the daemon on this computer: no link, no code. It asks the
 * daemon (through main, which reads its key) for a pairing offer and hands it on; a daemon that
 * is not running is asked again every 30 s and on Retry, and can be installed as a login service.
 */
export function createDesktopJoin(deps: {
  daemon: Pick<DesktopBridge['daemon'], 'pairing' | 'installService'>;
  onOffer(offer: PairingOffer): void;
  onChange(view: JoinView): void;
  retryMs?: number;
  timers?: Timers;
}) {
  const timers = deps.timers ?? realTimers;
  let view: JoinView = { step: { kind: 'asking' }, install: { kind: 'idle' } };
  let timer: unknown = null;
  let stopped = false;
  let asking = 0;

  const show = (change: Partial<JoinView>) => {
    view = { ...view, ...change };
    if (!stopped) deps.onChange(view);
  };
  const clearRetry = () => {
    if (timer !== null) timers.clear(timer);
    timer = null;
  };

  async function ask(): Promise<void> {
    if (stopped) return;
    clearRetry();
    const turn = ++asking;
    show({ step: { kind: 'asking' } });
    const answer = await deps.daemon.pairing().catch((error: unknown) => ({
      ok: false as const,
      reason: 'not_running' as const,
      message: (error as Error).message ?? String(error),
    }));
    // A newer ask (Retry, an install) took over meanwhile: its answer counts.
    if (stopped || turn !== asking) return;
    if (answer.ok) {
      show({ step: { kind: 'offered' } });
      deps.onOffer(answer.offer);
      return;
    }
    if (answer.reason === 'refused') {
      show({ step: { kind: 'refused', message: answer.message } });
      return;
    }
    show({ step: { kind: 'missing', message: answer.message } });
    timer = timers.set(() => void ask(), deps.retryMs ?? DAEMON_RETRY_MS);
  }

  return {
    view: () => view,
    /** Asks now (at start, and on Retry). */
    ask,
    /** `ringback service install` through main; once it is installed, the daemon is asked at once. */
    async install(): Promise<void> {
      if (view.install.kind === 'busy') return;
      show({ install: { kind: 'busy' } });
      const result = await deps.daemon.installService().catch(
        (error: unknown): ServiceInstallResult => ({
          ok: false,
          reason: 'failed',
          message: (error as Error).message ?? String(error),
        }),
      );
      if (stopped) return;
      if (!result.ok) {
        show({ install: { kind: 'failed', reason: result.reason, message: result.message } });
        return;
      }
      show({ install: { kind: 'installed', output: result.output } });
      await ask();
    },
    stop(): void {
      stopped = true;
      clearRetry();
    },
  };
}
