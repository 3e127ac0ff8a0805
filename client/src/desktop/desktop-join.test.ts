import type {
  DaemonReach,
  DaemonRequest,
  DesktopBridge,
  DesktopPairing,
  PairingOffer,
  ServiceInstallResult,
} from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { createDesktopJoin, DAEMON_RETRY_MS, type JoinView, loginBody, relayAddress } from './desktop-join';

const OFFER: PairingOffer = {
  serverUrl: 'https://relay.example',
  code: '123456',
  key: `k1_${'A'.repeat(43)}`,
  expiresAt: '2030-01-01T00:00:00Z',
  link: 'ringback://pair?x',
};

/** The daemon's status: logged in to no relay unless told. */
const STATUS_LOGGED_OUT: DaemonReach = { ok: true, status: 200, body: { pid: 1, relay: null } };

function harness(
  answers: DesktopPairing[],
  install: ServiceInstallResult = { ok: true, output: 'done' },
  /** The daemon's local API besides pairing: `GET /status`, `POST /local/login`. */
  local: (request: DaemonRequest) => DaemonReach = () => STATUS_LOGGED_OUT,
) {
  const timers: { run: () => void; ms: number }[] = [];
  const views: JoinView[] = [];
  const offers: PairingOffer[] = [];
  const requests: DaemonRequest[] = [];
  let asked = 0;
  const daemon: Pick<DesktopBridge['daemon'], 'pairing' | 'installService' | 'request'> = {
    pairing: async () => answers[Math.min(asked++, answers.length - 1)] as DesktopPairing,
    installService: async () => install,
    request: async (request) => {
      requests.push(request);
      return local(request);
    },
  };
  const join = createDesktopJoin({
    daemon,
    onOffer: (offer) => offers.push(offer),
    onChange: (view) => views.push(view),
    timers: {
      set: (run, ms) => timers.push({ run, ms }),
      clear: () => timers.splice(0),
    },
  });
  return { join, timers, views, offers, requests, asked: () => asked };
}

const notRunning: DesktopPairing = { ok: false, reason: 'not_running', message: 'connection refused' };

describe('joining through the daemon on this computer', () => {
  it('joins with the offer at once when the daemon answers', async () => {
    const h = harness([{ ok: true, offer: OFFER }]);
    await h.join.ask();
    expect(h.offers).toEqual([OFFER]);
    expect(h.join.view().step).toEqual({ kind: 'offered' });
    expect(h.timers).toEqual([]);
  });

  it('says the daemon is not running and asks again every 30 s until it answers', async () => {
    const h = harness([
      notRunning,
      { ok: false, reason: 'no_key', message: 'no key' },
      { ok: true, offer: OFFER },
    ]);
    await h.join.ask();
    expect(h.join.view().step).toEqual({ kind: 'missing', message: 'connection refused' });
    expect(h.timers.map((timer) => timer.ms)).toEqual([DAEMON_RETRY_MS]);
    h.timers.shift()?.run();
    await Promise.resolve();
    await Promise.resolve();
    expect(h.join.view().step).toEqual({ kind: 'missing', message: 'no key' });
    h.timers.shift()?.run();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(h.offers).toEqual([OFFER]);
    expect(h.asked()).toBe(3);
  });

  it('does not ask again by itself after a refusal', async () => {
    const h = harness([{ ok: false, reason: 'refused', message: 'key mismatch' }]);
    await h.join.ask();
    expect(h.join.view().step).toEqual({ kind: 'refused', message: 'key mismatch' });
    expect(h.timers).toEqual([]);
  });

  it('installs the login service and asks again at once; a failure is kept in words', async () => {
    const h = harness([notRunning, { ok: true, offer: OFFER }]);
    await h.join.ask();
    await h.join.install();
    expect(h.join.view().install).toEqual({ kind: 'installed', output: 'done' });
    expect(h.offers).toEqual([OFFER]);

    const failing = harness([notRunning], { ok: false, reason: 'no_node', message: 'node 18 found' });
    await failing.join.ask();
    await failing.join.install();
    expect(failing.join.view().install).toEqual({
      kind: 'failed',
      reason: 'no_node',
      message: 'node 18 found',
    });
    expect(failing.views.some((view) => view.install.kind === 'busy')).toBe(true);
  });

  it('keeps the warning an install came back with, in words for the page', async () => {
    const warning = 'Your login shell did not answer in time (/bin/tcsh -ilc gave no PATH within 5 s); …';
    const h = harness([notRunning], { ok: true, output: 'done', warning });
    await h.join.ask();
    await h.join.install();
    expect(h.join.view().install).toEqual({ kind: 'installed', output: 'done', warning });
  });

  it('stops asking once stopped', async () => {
    const h = harness([notRunning]);
    await h.join.ask();
    h.join.stop();
    expect(h.timers).toEqual([]);
  });
});

const notLoggedIn: DesktopPairing = {
  ok: false,
  reason: 'refused',
  message: 'this computer is not logged in to a relay yet (ringback login)',
  code: 'not_logged_in',
};

const refusedBy = (status: number, error: string, message = `relay said ${error}`): DaemonReach => ({
  ok: true,
  status,
  body: { error, message },
});
const LOGGED_IN: DaemonReach = {
  ok: true,
  status: 200,
  body: {
    serverUrl: 'https://relay.example',
    accountId: 'a',
    deviceId: 'd',
    joined: false,
    keyFromLink: false,
  },
};

describe('logging the daemon in to a relay from the join page', () => {
  it('offers the relay form when the daemon runs but is logged in to no relay (by its code, not its words)', async () => {
    const h = harness([notLoggedIn]);
    await h.join.ask();
    expect(h.join.view().step).toEqual({ kind: 'login', login: { busy: false, claimCodeAsked: false } });
    expect(h.requests).toEqual([{ method: 'GET', path: '/status' }]);
    expect(h.timers).toEqual([]);

    // The same words without the code are a refusal like any other.
    const worded = harness([{ ok: false, reason: 'refused', message: notLoggedIn.message }]);
    await worded.join.ask();
    expect(worded.join.view().step).toEqual({ kind: 'refused', message: notLoggedIn.message });
  });

  it('logs in with the relay address and pairs at once, with no other step', async () => {
    const h = harness([notLoggedIn, { ok: true, offer: OFFER }], undefined, (request) =>
      request.path === '/status' ? STATUS_LOGGED_OUT : LOGGED_IN,
    );
    await h.join.ask();
    await h.join.login({ mode: 'create', server: '  relay.example.com/ ' });
    expect(h.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/local/login',
      body: { server: 'https://relay.example.com' },
    });
    expect(h.requests.filter((request) => request.path === '/local/login')).toHaveLength(1);
    expect(h.asked()).toBe(2);
    expect(h.offers).toEqual([OFFER]);
    expect(h.join.view().step).toEqual({ kind: 'offered' });
    expect(h.views.some((view) => view.step.kind === 'login' && view.step.login.busy)).toBe(true);
  });

  it('shows the claim code field when the relay asks for one, and sends it', async () => {
    const h = harness([notLoggedIn, { ok: true, offer: OFFER }], undefined, (request) => {
      if (request.path === '/status') return STATUS_LOGGED_OUT;
      const body = request.body as { claimCode?: string };
      if (!body.claimCode) return refusedBy(403, 'claim_code_required');
      return body.claimCode === 'RIGHT-CODE' ? LOGGED_IN : refusedBy(403, 'invalid_claim_code');
    });
    await h.join.ask();
    await h.join.login({ mode: 'create', server: 'http://127.0.0.1:8791' });
    expect(h.join.view().step).toEqual({
      kind: 'login',
      login: {
        busy: false,
        claimCodeAsked: true,
        problem: { kind: 'claim_code_required', message: 'relay said claim_code_required' },
      },
    });
    await h.join.login({ mode: 'create', server: 'http://127.0.0.1:8791', claimCode: ' WRONG ' });
    expect(h.requests.at(-1)?.body).toEqual({ server: 'http://127.0.0.1:8791', claimCode: 'WRONG' });
    expect(h.join.view().step).toMatchObject({
      kind: 'login',
      login: { claimCodeAsked: true, problem: { kind: 'invalid_claim_code' } },
    });
    expect(h.offers).toEqual([]);
    await h.join.login({ mode: 'create', server: 'http://127.0.0.1:8791', claimCode: 'RIGHT-CODE' });
    expect(h.offers).toEqual([OFFER]);
  });

  it('joins an existing account with a pairing link, sent in the daemon’s form', async () => {
    const link = `ringback://pair?server=${encodeURIComponent('https://relay.example')}&code=123456&key=k1_${'A'.repeat(43)}`;
    const h = harness([notLoggedIn, { ok: true, offer: OFFER }], undefined, (request) =>
      request.path === '/status' ? STATUS_LOGGED_OUT : LOGGED_IN,
    );
    await h.join.ask();
    await h.join.login({ mode: 'join', link: `https://app.example/#pair=${encodeURIComponent(link)}` });
    expect(h.requests.at(-1)).toEqual({ method: 'POST', path: '/local/login', body: { join: link } });
    expect(h.offers).toEqual([OFFER]);
  });

  it('says what is wrong in plain words, keeping the form', async () => {
    const answers: Record<string, DaemonReach> = {
      'https://closed.example': refusedBy(403, 'signup_closed'),
      'https://down.example': refusedBy(
        502,
        'relay_unreachable',
        'cannot reach the relay at https://down.example',
      ),
      'https://broken.example': refusedBy(500, 'internal_error', 'unexpected failure; see the daemon log'),
      'https://busy.example': refusedBy(429, 'too_many_attempts', 'try again in 3 min'),
      'https://odd.example': refusedBy(400, 'invalid_request', 'the relay URL must be http(s)'),
    };
    const h = harness([notLoggedIn], undefined, (request) =>
      request.path === '/status'
        ? STATUS_LOGGED_OUT
        : (answers[(request.body as { server: string }).server] ?? refusedBy(418, 'teapot')),
    );
    await h.join.ask();
    const problemFor = async (server: string) => {
      await h.join.login({ mode: 'create', server });
      const step = h.join.view().step;
      return step.kind === 'login' ? step.login.problem : step;
    };
    expect(await problemFor('')).toEqual({ kind: 'no_address', message: '' });
    expect(await problemFor('not an address')).toEqual({ kind: 'bad_address', message: '' });
    expect(await problemFor('ftp://relay.example')).toEqual({ kind: 'bad_address', message: '' });
    expect(await problemFor('https://closed.example')).toMatchObject({ kind: 'signup_closed' });
    expect(await problemFor('https://down.example')).toMatchObject({ kind: 'unreachable' });
    expect(await problemFor('https://broken.example')).toMatchObject({ kind: 'unreachable' });
    expect(await problemFor('https://busy.example')).toEqual({
      kind: 'too_many_attempts',
      message: 'try again in 3 min',
    });
    expect(await problemFor('https://odd.example')).toMatchObject({ kind: 'bad_address' });
    expect(await problemFor('https://other.example')).toEqual({
      kind: 'failed',
      message: 'relay said teapot',
    });
    // Nothing but the six well-formed addresses reached the daemon.
    expect(h.requests.filter((request) => request.path === '/local/login')).toHaveLength(6);

    const join = async (link: string) => {
      await h.join.login({ mode: 'join', link });
      const step = h.join.view().step;
      return step.kind === 'login' ? step.login.problem?.kind : step.kind;
    };
    expect(await join('123 456')).toBe('code_only');
    expect(await join('hello')).toBe('not_a_link');
    expect(h.requests.filter((request) => request.path === '/local/login')).toHaveLength(6);
  });

  it('a used or expired link, and a daemon that stopped meanwhile', async () => {
    const link = `ringback://pair?server=https%3A%2F%2Frelay.example&code=123456&key=k1_${'A'.repeat(43)}`;
    const h = harness([notLoggedIn, notRunning], undefined, (request) =>
      request.path === '/status'
        ? STATUS_LOGGED_OUT
        : (request.body as { join?: string }).join
          ? refusedBy(422, 'invalid_pairing_code')
          : { ok: false, reason: 'not_running', message: 'connection refused' },
    );
    await h.join.ask();
    await h.join.login({ mode: 'join', link });
    expect(h.join.view().step).toMatchObject({ kind: 'login', login: { problem: { kind: 'code_expired' } } });
    await h.join.login({ mode: 'create', server: 'https://relay.example' });
    expect(h.join.view().step).toEqual({ kind: 'missing', message: 'connection refused' });
    expect(h.timers.map((timer) => timer.ms)).toEqual([DAEMON_RETRY_MS]);
  });

  it('a daemon logged in but without an end-to-end key is a refusal, not the form', async () => {
    const h = harness([notLoggedIn], undefined, () => ({
      ok: true,
      status: 200,
      body: { relay: { serverUrl: 'https://relay.example' } },
    }));
    await h.join.ask();
    expect(h.join.view().step).toEqual({ kind: 'refused', message: notLoggedIn.message });
  });

  it('sends nothing while a login is under way', async () => {
    let release: (answer: DaemonReach) => void = () => {};
    const pending = new Promise<DaemonReach>((resolve) => {
      release = resolve;
    });
    const logins: DaemonRequest[] = [];
    const join = createDesktopJoin({
      daemon: {
        pairing: async () => notLoggedIn,
        installService: async () => ({ ok: true, output: '' }),
        request: (request) => {
          if (request.path === '/status') return Promise.resolve(STATUS_LOGGED_OUT);
          logins.push(request);
          return pending;
        },
      },
      onOffer: () => {},
      onChange: () => {},
    });
    await join.ask();
    const first = join.login({ mode: 'create', server: 'https://relay.example' });
    await join.login({ mode: 'create', server: 'https://relay.example' });
    expect(join.view().step).toMatchObject({ kind: 'login', login: { busy: true } });
    release(refusedBy(403, 'signup_closed'));
    await first;
    expect(join.view().step).toMatchObject({ kind: 'login', login: { busy: false } });
    expect(logins).toHaveLength(1);
    join.stop();
  });
});

describe('the relay address and link as sent to the daemon', () => {
  it('makes a typed address a URL', () => {
    expect(relayAddress('relay.example.com')).toBe('https://relay.example.com');
    expect(relayAddress('https://relay.example.com/ringback/')).toBe('https://relay.example.com/ringback');
    expect(relayAddress('localhost:8791')).toBe('http://localhost:8791');
    expect(relayAddress('127.0.0.1:8791')).toBe('http://127.0.0.1:8791');
    expect(relayAddress('http://192.168.1.5:8791')).toBe('http://192.168.1.5:8791');
    for (const bad of [
      '',
      '  ',
      'two words',
      'ftp://x.example',
      'https://u:p@x.example',
      'https://x.example/?a=1',
    ])
      expect(relayAddress(bad), bad).toBeNull();
  });

  it('sends the claim code only when there is one', () => {
    expect(loginBody({ mode: 'create', server: 'x.example', claimCode: '  ' })).toEqual({
      body: { server: 'https://x.example' },
    });
  });
});
