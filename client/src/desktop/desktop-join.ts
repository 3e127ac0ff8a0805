import type { DaemonReach, DesktopBridge, PairingOffer, ServiceInstallResult } from '@ringback/protocol';
import { formatPairLink, PairLinkError, parsePairLink } from '../relay/pair-link';

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
  | { kind: 'refused'; message: string }
  /** The daemon runs but is logged in to no relay: the page offers to log it in (`POST /local/login`). */
  | { kind: 'login'; login: LoginStep };

/** Logging the daemon in: a new account on a relay, or joining one with a pairing link. */
export type RelayLogin =
  | { mode: 'create'; server: string; claimCode?: string }
  | { mode: 'join'; link: string };

/** Why logging in did not work, for the page to say in words (`message` is the details). */
export type LoginProblem =
  /** The relay address is empty, or not an address. */
  | 'no_address'
  | 'bad_address'
  /** The daemon could not log in to that address (nothing there, or the relay failed). */
  | 'unreachable'
  /** A private relay with no owner yet: its claim code (printed when it started) is needed. */
  | 'claim_code_required'
  | 'invalid_claim_code'
  /** The relay already has its owner: this computer joins that account with a pairing link. */
  | 'signup_closed'
  /** Not a pairing link; or a 6-digit code alone, which does not carry the end-to-end key. */
  | 'not_a_link'
  | 'code_only'
  /** The link's code is used, expired or unknown. */
  | 'code_expired'
  | 'too_many_attempts'
  | 'failed';

export interface LoginStep {
  busy: boolean;
  /** The relay asked for its claim code: the field shows from then on. */
  claimCodeAsked: boolean;
  problem?: { kind: LoginProblem; message: string };
}

export type InstallStep =
  | { kind: 'idle' }
  | { kind: 'busy' }
  /** `warning`: installed, but the service may not find the agents (main's words, for people). */
  | { kind: 'installed'; output: string; warning?: string }
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
 * A daemon that runs but is logged in to no relay (a first run) is logged in from the page: a
 * relay address (and its claim code when it asks), or a pairing link; then it pairs at once.
 */
export function createDesktopJoin(deps: {
  daemon: Pick<DesktopBridge['daemon'], 'pairing' | 'installService' | 'request'>;
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
      if (answer.code === 'not_logged_in' && !(await loggedIn())) {
        if (stopped || turn !== asking) return;
        show({ step: { kind: 'login', login: { busy: false, claimCodeAsked: false } } });
        return;
      }
      if (stopped || turn !== asking) return;
      show({ step: { kind: 'refused', message: answer.message } });
      return;
    }
    show({ step: { kind: 'missing', message: answer.message } });
    timer = timers.set(() => void ask(), deps.retryMs ?? DAEMON_RETRY_MS);
  }

  /**
   * `not_logged_in` also says a logged-in daemon has no end-to-end key (its config was lost):
   * a login form would not help there, so the daemon's status decides.
   */
  async function loggedIn(): Promise<boolean> {
    const status = await deps.daemon.request({ method: 'GET', path: '/status' }).catch(() => null);
    if (!status?.ok || status.status !== 200) return false;
    const relay = (status.body as { relay?: unknown } | null)?.relay;
    return typeof relay === 'object' && relay !== null;
  }

  const loginStep = (): LoginStep =>
    view.step.kind === 'login' ? view.step.login : { busy: false, claimCodeAsked: false };

  async function login(form: RelayLogin): Promise<void> {
    if (stopped || view.step.kind !== 'login' || view.step.login.busy) return;
    const before = loginStep();
    const fail = (kind: LoginProblem, message = '', claimCodeAsked = before.claimCodeAsked) =>
      show({ step: { kind: 'login', login: { busy: false, claimCodeAsked, problem: { kind, message } } } });
    const body = loginBody(form);
    if ('problem' in body) return fail(body.problem, body.message);
    show({ step: { kind: 'login', login: { busy: true, claimCodeAsked: before.claimCodeAsked } } });
    const reach: DaemonReach = await deps.daemon
      .request({ method: 'POST', path: '/local/login', body: body.body })
      .catch((error: unknown) => ({
        ok: false as const,
        reason: 'not_running' as const,
        message: (error as Error).message ?? String(error),
      }));
    if (stopped) return;
    // The daemon went away meanwhile: asking again says so (and keeps asking).
    if (!reach.ok) return ask();
    if (reach.status === 200) return ask();
    const answer = (typeof reach.body === 'object' && reach.body !== null ? reach.body : {}) as {
      error?: unknown;
      message?: unknown;
    };
    const message =
      typeof answer.message === 'string' ? answer.message : `the daemon answered ${reach.status}`;
    switch (answer.error) {
      case 'claim_code_required':
        return fail('claim_code_required', message, true);
      case 'invalid_claim_code':
        return fail('invalid_claim_code', message, true);
      case 'signup_closed':
        return fail('signup_closed', message);
      case 'invalid_pairing_code':
        return fail(form.mode === 'join' ? 'code_expired' : 'failed', message);
      case 'too_many_attempts':
      case 'pairing_paused':
        return fail('too_many_attempts', message);
      case 'invalid_request':
        return fail(form.mode === 'create' ? 'bad_address' : 'not_a_link', message);
      case 'relay_unreachable':
        return fail('unreachable', message);
      default:
        return fail(reach.status >= 500 ? 'unreachable' : 'failed', message);
    }
  }

  return {
    view: () => view,
    /** Logs the daemon in to a relay (`POST /local/login`); once it is, pairs at once. */
    login,
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
      show({
        install: {
          kind: 'installed',
          output: result.output,
          ...(result.warning ? { warning: result.warning } : {}),
        },
      });
      await ask();
    },
    stop(): void {
      stopped = true;
      clearRetry();
    },
  };
}

type LoginBody =
  | { body: { server: string; claimCode?: string } | { join: string } }
  | { problem: LoginProblem; message: string };

/** What `POST /local/login` is sent for the form, or why the form cannot be sent. */
export function loginBody(form: RelayLogin): LoginBody {
  if (form.mode === 'join') {
    const text = form.link.trim();
    if (/^\d{3}\s?\d{3}$/.test(text)) return { problem: 'code_only', message: '' };
    try {
      // Sent as `ringback://pair?…` (the daemon's form), also when an app URL carried it.
      return { body: { join: formatPairLink(parsePairLink(text)) } };
    } catch (error) {
      return { problem: 'not_a_link', message: error instanceof PairLinkError ? error.message : '' };
    }
  }
  const server = relayAddress(form.server);
  if (server === null) return { problem: form.server.trim() ? 'bad_address' : 'no_address', message: '' };
  const claimCode = form.claimCode?.trim();
  return { body: { server, ...(claimCode ? { claimCode } : {}) } };
}

/**
 * The relay address as typed, made a URL: `relay.example.com` becomes `https://relay.example.com`
 * (`http://` for this computer's own addresses, where a relay runs without TLS); null when it is
 * not an http(s) address.
 */
export function relayAddress(typed: string): string | null {
  const text = typed.trim();
  if (!text || /\s/.test(text)) return null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  let url: URL;
  try {
    url = new URL(hasScheme ? text : `https://${text}`);
    if (!hasScheme && /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(url.hostname))
      url = new URL(`http://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname || url.username || url.password || url.search || url.hash) return null;
  return url.href.replace(/\/+$/, '');
}
