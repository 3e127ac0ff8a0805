import {
  Aad,
  type DeviceCredentials,
  generateE2eKey,
  newEventId,
  open,
  type PermissionDecisionPlaintext,
  type PermissionEventPlaintext,
  type PermissionOutcomePlaintext,
  type RelayToDaemon,
  seal,
} from '@ringback/protocol';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTranscription, startFakeTranscription } from './fakes/fake-transcription-server';
import { saveScreenshots, waitConnected } from './support/app-page';
import { DESKTOP_VIEWPORT, launchChromium, newMonitoredContext, PHONE_VIEWPORT } from './support/browser';
import { fakeMicrophoneFlags } from './support/fake-microphone';
import { pairingPageUrl } from './support/pwa-calls';
import { openRawDaemonLink, type RawDaemonLink } from './support/raw-daemon-link';
import { type RelayProcess, startRelayProcess } from './support/relay-process';
import { backToIdle, openSettingsRow } from './support/settings-page';
import { waitFor } from './support/temp-data-dir';

/**
 * Permission calls in real Chromium against a real relay. The test plays the computer: it seals
 * each request as the daemon does and posts it to `/v1/daemon/events`, reads the decision the relay
 * forwards over the daemon link, and answers it as the daemon would (delivered, or too late).
 */
let relay: RelayProcess;
let computer: DeviceCredentials;
let link: RawDaemonLink;
let stt: FakeTranscription;
let browser: Browser;
const key = generateE2eKey();

beforeAll(async () => {
  relay = await startRelayProcess();
  computer = await relay.createAccount('daemon', 'Laptop');
  link = await openRawDaemonLink(relay.url, computer.deviceToken);
  // The link acknowledges every reply, as a daemon does, before the test gives its result.
  link.onMessage((message) => {
    if (message.type === 'reply') link.send({ type: 'reply-received', replyId: message.replyId });
  });
  stt = await startFakeTranscription();
  browser = await launchChromium(await fakeMicrophoneFlags());
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await link?.close();
  await stt?.close();
  await relay?.kill();
});

/** A permission request sealed with the account's key and posted as the daemon posts it. */
async function postPermission(
  over: Partial<PermissionEventPlaintext['request']> = {},
  computerRef: { deviceId: string; name: string } = { deviceId: computer.deviceId, name: 'Laptop' },
  times: { occurredAt: number; expiresAt: number } = {
    occurredAt: Date.now(),
    expiresAt: Date.now() + 600_000,
  },
): Promise<PermissionEventPlaintext> {
  const eventId = newEventId();
  const plaintext: PermissionEventPlaintext = {
    kind: 'permission',
    eventId,
    requestId: `req${eventId.replace(/-/g, '').slice(-12)}`,
    occurredAt: new Date(times.occurredAt).toISOString(),
    expiresAt: new Date(times.expiresAt).toISOString(),
    computer: computerRef,
    language: 'en-US',
    request: {
      source: 'claude-code',
      sessionId: 'sess-perm',
      cwd: '/home/ada/billing-api',
      toolName: 'Bash',
      action: 'command',
      subject: 'npm publish --access public --tag next && git push origin release/2025-q1 --follow-tags',
      description: 'Publish the billing client to npm and push the release tag',
      resumed: false,
      ...over,
    },
  };
  const response = await fetch(`${relay.url}/v1/daemon/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${computer.deviceToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      eventId,
      source: 'claude-code',
      occurredAt: plaintext.occurredAt,
      sealed: await seal(key, JSON.stringify(plaintext), Aad.report(eventId)),
    }),
  });
  if (!response.ok) throw new Error(`the relay refused the request: ${response.status}`);
  return plaintext;
}

type Forwarded = Extract<RelayToDaemon, { type: 'reply' }>;

/** The decision the relay forwarded to the computer for `request`, opened as the daemon opens it. */
async function decisionFor(
  request: PermissionEventPlaintext,
): Promise<{ reply: Forwarded; decision: PermissionDecisionPlaintext }> {
  const reply = await link.next('reply', (message) => message.eventId === request.eventId, 20_000);
  const decision = JSON.parse(
    await open(key, reply.sealed, Aad.permissionDecision(request.eventId, request.requestId)),
  ) as PermissionDecisionPlaintext;
  return { reply, decision };
}

async function answerDelivered(reply: Forwarded) {
  link.send({ type: 'reply-result', replyId: reply.replyId, status: 'delivered' });
}

/** Delivered, with who decided what sealed for every device of the account, as the daemon answers. */
async function answerDeliveredWithOutcome(reply: Forwarded, decision: PermissionDecisionPlaintext) {
  const outcome: PermissionOutcomePlaintext = {
    kind: 'permission-outcome',
    eventId: decision.eventId,
    behavior: decision.behavior,
    deviceName: decision.deviceName,
    decidedAt: decision.decidedAt,
  };
  link.send({
    type: 'reply-result',
    replyId: reply.replyId,
    status: 'delivered',
    outcome: await seal(key, JSON.stringify(outcome), Aad.replyOutcome(reply.replyId)),
  });
}

async function answerTooLate(reply: Forwarded) {
  const failure = await seal(
    key,
    JSON.stringify({ reason: 'The agent stopped waiting.', code: 'too_late' }),
    Aad.replyError(reply.replyId),
  );
  link.send({ type: 'reply-result', replyId: reply.replyId, status: 'failed', failure });
}

const repliesFor = (eventId: string) =>
  link.received.filter((message) => message.type === 'reply' && message.eventId === eventId);

async function ringing(page: Page) {
  await page.getByRole('heading', { name: 'Claude Code asks to run a command' }).waitFor({ timeout: 60_000 });
}

/** Holds the button down with the mouse, as a user holds to talk. */
async function holdToTalk(page: Page, name: string, ms: number) {
  await page.getByRole('button', { name, exact: true }).hover();
  await page.mouse.down();
  await page.getByRole('button', { name: 'Listening… release to stop' }).waitFor();
  await page.waitForTimeout(ms);
  await page.mouse.up();
}

/** The computer ends the call itself, as the daemon does when its hook stops waiting. */
async function endAtComputer(eventId: string): Promise<number> {
  const response = await fetch(`${relay.url}/v1/daemon/events/${eventId}/end`, {
    method: 'POST',
    headers: { authorization: `Bearer ${computer.deviceToken}` },
  });
  return response.status;
}

/** Records each oscillator the page starts (its frequency), so the test can hear which tone rings. */
const RECORD_TONES = `(() => {
  const started = [];
  globalThis.__startedTones = started;
  const original = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function () {
    const oscillator = original.call(this);
    const start = oscillator.start.bind(oscillator);
    oscillator.start = (when) => {
      started.push(oscillator.frequency.value);
      return start(when);
    };
    return oscillator;
  };
})();`;

const startedTones = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { __startedTones: number[] }).__startedTones.slice());

describe('a permission call on the phone', () => {
  it('rings with the command in full; Allow, Deny with words, spoken allow (with a tap) and spoken deny reach the computer sealed to the request; too late and answered at the computer are said', async () => {
    const context = await newMonitoredContext(browser, PHONE_VIEWPORT, { isMobile: true });
    await context.grantPermissions(['microphone']);
    await context.addInitScript(RECORD_TONES);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(await pairingPageUrl(relay.url, computer.deviceToken, key));
    await waitConnected(page);

    // Speech recognition straight to the (fake) endpoint: there is no computer to go through.
    await openSettingsRow(page, /Speech recognition/);
    await page.getByLabel('Base address').fill(stt.url);
    await page.getByLabel('API key').fill('sk-stt-e2e');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved.').waitFor();
    await backToIdle(page);

    // 1. Tap Allow on the ringing screen. It rings with the permission slot's tone: the short
    // urgent tone (1046.5 + 1568 Hz), not the Classic ring of a report (440 + 480 Hz).
    const tonesBefore = (await startedTones(page)).length;
    const first = await postPermission();
    await ringing(page);
    await waitFor(
      async () => (await startedTones(page)).slice(tonesBefore).includes(1568),
      10_000,
      'the urgent tone',
    );
    expect((await startedTones(page)).slice(tonesBefore)).not.toContain(440);
    await page.getByText(first.request.subject).waitFor();
    await page.getByText('In billing-api').waitFor();
    await saveScreenshots(page, 'permission-ringing');
    await page.getByRole('button', { name: 'Allow', exact: true }).click();
    const allowed = await decisionFor(first);
    expect(allowed.decision).toMatchObject({
      kind: 'permission-decision',
      eventId: first.eventId,
      requestId: first.requestId,
      behavior: 'allow',
      via: 'tap',
    });
    expect(allowed.decision.deviceName).not.toBe('');
    await page.getByRole('heading', { name: 'Allowed' }).waitFor();
    await answerDelivered(allowed.reply);
    await page.getByText('Claude Code got your answer').waitFor({ timeout: 15_000 });
    await saveScreenshots(page, 'permission-decided');
    await page.getByRole('button', { name: 'Done' }).click();

    // 2. Deny with words; the computer says it came too late.
    const second = await postPermission({ subject: 'rm -rf ./dist && npm run deploy:prod' });
    await ringing(page);
    await page.getByRole('button', { name: 'Deny with words' }).click();
    await page.getByLabel('Words for the agent').fill('Not on a Friday. Deploy to staging first.');
    await page.getByRole('button', { name: 'Send deny' }).click();
    const denied = await decisionFor(second);
    expect(denied.decision).toMatchObject({
      requestId: second.requestId,
      behavior: 'deny',
      message: 'Not on a Friday. Deploy to staging first.',
      via: 'tap',
    });
    await answerTooLate(denied.reply);
    await page.getByText('Too late: answer at the computer').waitFor({ timeout: 15_000 });
    await saveScreenshots(page, 'permission-too-late');
    await page.getByRole('button', { name: 'Done' }).click();

    // 3. In the call, a spoken "allow" is shown and waits for a tap.
    const third = await postPermission();
    await ringing(page);
    await page.getByRole('button', { name: 'Listen to the request' }).click();
    await page.getByRole('button', { name: 'Hang up' }).waitFor({ timeout: 15_000 });
    await page.getByText('It wants to run:', { exact: false }).first().waitFor({ timeout: 30_000 });
    await saveScreenshots(page, 'permission-in-call');
    stt.enqueue({ text: 'Allow.' });
    await holdToTalk(page, 'Say allow or deny', 800);
    await page.getByText('Heard: “Allow.”').waitFor({ timeout: 15_000 });
    await page.waitForTimeout(1_000);
    expect(repliesFor(third.eventId)).toHaveLength(0);
    await saveScreenshots(page, 'permission-voice-confirm');
    await page.getByRole('button', { name: 'Confirm allow' }).click();
    const spokenAllow = await decisionFor(third);
    expect(spokenAllow.decision).toMatchObject({
      behavior: 'allow',
      via: 'voice',
      requestId: third.requestId,
    });
    await answerDelivered(spokenAllow.reply);
    await page.getByText('Claude Code got your answer').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Done' }).click();

    // 4. A spoken "no" denies at once.
    const fourth = await postPermission();
    await ringing(page);
    await page.getByRole('button', { name: 'Listen to the request' }).click();
    await page.getByRole('button', { name: 'Hang up' }).waitFor({ timeout: 15_000 });
    stt.enqueue({ text: 'No.' });
    await holdToTalk(page, 'Say allow or deny', 800);
    const spokenDeny = await decisionFor(fourth);
    expect(spokenDeny.decision).toMatchObject({
      behavior: 'deny',
      via: 'voice',
      requestId: fourth.requestId,
    });
    await page.getByRole('heading', { name: 'Denied' }).waitFor();
    await answerDelivered(spokenDeny.reply);
    await page.getByText('Claude Code got your answer').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Done' }).click();

    // 5. Ended at the computer: the hook stopped waiting, so the computer ends the call itself
    // through the relay's end route with its own token, as the daemon does.
    const fifth = await postPermission();
    await ringing(page);
    expect(await endAtComputer(fifth.eventId)).toBe(204);
    // A repeat (a daemon retrying) is taken as done; a call decided on the phone is not the computer's to end.
    expect(await endAtComputer(fifth.eventId)).toBe(204);
    expect(await endAtComputer(first.eventId)).toBe(409);
    await page.getByRole('heading', { name: 'Answered at the computer' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('button', { name: 'Allow', exact: true }).count()).toBe(0);
    await saveScreenshots(page, 'permission-answered-at-computer');
    await page.getByRole('button', { name: 'Close' }).click();

    // 6. History lists each with its decision, who made it and when.
    await waitFor(
      async () => (await page.getByText(/^Allowed on /).count()) === 2,
      15_000,
      'two allowed rows',
    );
    await page.getByText('Too late', { exact: true }).waitFor();
    await page
      .getByText(/^Denied on /)
      .first()
      .waitFor();
    await page.getByText('Answered at the computer').waitFor();
    await saveScreenshots(page, 'permission-history');

    // 7. A request whose agent stopped waiting before this phone heard of it: missed, and shown as
    // expired, with nothing to answer. The phone is away (its page closed) while the relay holds
    // the call past its wait: the phone reckons the wait from when the relay took the call, on the
    // relay's clock, so the computer's own times alone cannot make it expired.
    const appUrl = page.url();
    await page.goto('about:blank');
    const postedAt = Date.now();
    const expired = await postPermission(
      { subject: 'terraform apply -auto-approve' },
      { deviceId: computer.deviceId, name: 'Laptop' },
      { occurredAt: postedAt, expiresAt: postedAt + 1_500 },
    );
    await page.waitForTimeout(3_000);
    await page.goto(appUrl);
    await waitConnected(page);
    const missed = page.getByRole('region', { name: /^Missed calls/ });
    const expiredRow = missed.getByRole('listitem').filter({ hasText: 'terraform apply' });
    await expiredRow
      .getByText('The agent stopped waiting; answer at the computer')
      .waitFor({ timeout: 20_000 });
    expect(await expiredRow.getByRole('button').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Allow|Deny)/ }).count()).toBe(0);
    await saveScreenshots(page, 'permission-expired-missed');

    // Every decision was sent once.
    for (const request of [first, second, third, fourth]) expect(repliesFor(request.eventId)).toHaveLength(1);
    expect(repliesFor(fifth.eventId)).toHaveLength(0);
    expect(repliesFor(expired.eventId)).toHaveLength(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it('a request not shown whole offers only Deny and Deny with words, says to answer at the computer, and refuses a spoken allow', async () => {
    const context = await newMonitoredContext(browser, PHONE_VIEWPORT, { isMobile: true });
    await context.grantPermissions(['microphone']);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(await pairingPageUrl(relay.url, computer.deviceToken, key));
    await waitConnected(page);
    await openSettingsRow(page, /Speech recognition/);
    await page.getByLabel('Base address').fill(stt.url);
    await page.getByLabel('API key').fill('sk-stt-e2e');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved.').waitFor();
    await backToIdle(page);

    // The hook cut this command at 16 kB: what shows is not all that an allow would run.
    const cut = await postPermission({
      subject: `psql "$DATABASE_URL" -c "${'UPDATE accounts SET plan = 1 WHERE id IN (1, 2, 3); '.repeat(6)}…`,
      complete: false,
    });
    await ringing(page);
    const line = 'The full request is too long to show here. To allow it, answer at the computer.';
    await page.getByText(line).waitFor();
    expect(await page.getByRole('button', { name: 'Allow', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Deny', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Deny with words' }).waitFor();
    await saveScreenshots(page, 'permission-incomplete-ringing');

    // In the call, a spoken "allow" is refused the same way: nothing is sent.
    await page.getByRole('button', { name: 'Listen to the request' }).click();
    await page.getByRole('button', { name: 'Hang up' }).waitFor({ timeout: 15_000 });
    await page.getByText(line).waitFor();
    stt.enqueue({ text: 'Allow.' });
    await holdToTalk(page, 'Say deny', 800);
    await page
      .getByText('Heard: “Allow.”. Allowing is for the computer: this request is too long to show here.')
      .waitFor({ timeout: 15_000 });
    expect(await page.getByRole('button', { name: /^(Allow|Confirm allow)$/ }).count()).toBe(0);
    await page.waitForTimeout(1_000);
    expect(repliesFor(cut.eventId)).toHaveLength(0);
    await saveScreenshots(page, 'permission-incomplete-voice-allow');

    // A deny still goes out.
    await page.getByRole('button', { name: 'Deny', exact: true }).click();
    const denied = await decisionFor(cut);
    expect(denied.decision).toMatchObject({ behavior: 'deny', requestId: cut.requestId });
    await answerDelivered(denied.reply);
    await page.getByText('Claude Code got your answer').waitFor({ timeout: 15_000 });
    expect(repliesFor(cut.eventId)).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  /** A phone paired with the computer and connected, its page errors collected. */
  async function pairedPhone() {
    const context = await newMonitoredContext(browser, PHONE_VIEWPORT, { isMobile: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(await pairingPageUrl(relay.url, computer.deviceToken, key));
    await waitConnected(page);
    return { context, page, errors };
  }

  /** Taps Allow: the decision goes out sealed to the request, and the page says the agent got it. */
  async function allowsAndIsDelivered(page: Page, call: PermissionEventPlaintext, agent: string) {
    await page.getByRole('button', { name: 'Allow', exact: true }).click();
    const allowed = await decisionFor(call);
    expect(allowed.decision).toMatchObject({ behavior: 'allow', requestId: call.requestId });
    await answerDelivered(allowed.reply);
    await page.getByText(`${agent} got your answer`).waitFor({ timeout: 15_000 });
  }

  it('an edit rings with the change it would make, lines out and in, and may be allowed', async () => {
    const { context, page, errors } = await pairedPhone();

    const edit = await postPermission({
      toolName: 'Edit',
      action: 'file',
      subject: '/home/ada/billing-api/src/config.ts',
      description: null,
      change: [
        '- export const PORT = 80;',
        "- export const HOST = 'localhost';",
        '+ export const PORT = Number(process.env.PORT ?? 8080);',
        "+ export const HOST = process.env.HOST ?? '0.0.0.0';",
      ].join('\n'),
    });
    await page.getByRole('heading', { name: 'Claude Code asks to edit a file' }).waitFor({ timeout: 60_000 });
    const change = page.getByRole('region', { name: 'The change' });
    await change.getByText('+ export const PORT = Number(process.env.PORT ?? 8080);').waitFor();
    await saveScreenshots(page, 'permission-edit-ringing');
    await allowsAndIsDelivered(page, edit, 'Claude Code');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it("Codex's network approval rings with the target and the command that wants it, deny-only", async () => {
    const { context, page, errors } = await pairedPhone();

    const network = await postPermission({
      source: 'codex',
      toolName: 'Bash',
      action: 'network',
      subject: 'https://registry.npmjs.org:443',
      description: null,
      command: 'npm install --save-exact left-pad@1.3.0',
      complete: false,
    });
    await page.getByRole('heading', { name: 'Codex asks to reach the network' }).waitFor({ timeout: 60_000 });
    await page.getByText('https://registry.npmjs.org:443').waitFor();
    await page
      .getByRole('region', { name: 'For the command' })
      .getByText('npm install --save-exact left-pad@1.3.0')
      .waitFor();
    await saveScreenshots(page, 'permission-network-ringing');
    expect(await page.getByRole('button', { name: 'Allow', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Deny', exact: true }).click();
    const denied = await decisionFor(network);
    expect(denied.decision).toMatchObject({ behavior: 'deny', requestId: network.requestId });
    await answerDelivered(denied.reply);
    await page.getByText('Codex got your answer').waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('first device wins: the phone allows, and the desktop that rang too says "Allowed on" the phone, on its screen and in history', async () => {
    // The phone says it is one, so the two devices pair under different names.
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
    const devices = [];
    for (const [viewport, isMobile] of [
      [PHONE_VIEWPORT, true],
      [DESKTOP_VIEWPORT, false],
    ] as const) {
      const context = await newMonitoredContext(browser, viewport, {
        isMobile,
        ...(isMobile ? { userAgent: android } : {}),
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(await pairingPageUrl(relay.url, computer.deviceToken, key));
      await waitConnected(page);
      devices.push({ context, page, errors });
    }
    const [phone, desktop] = devices;
    if (!phone || !desktop) throw new Error('two devices');

    const request = await postPermission({ subject: 'git push --force origin main' });
    await Promise.all([ringing(phone.page), ringing(desktop.page)]);
    await phone.page.getByRole('button', { name: 'Allow', exact: true }).click();
    const { reply, decision } = await decisionFor(request);
    // The relay's status reaches the desktop first: answered on the phone, nothing left to decide.
    const by = decision.deviceName;
    expect(by).toBe('Chrome on Android');
    await desktop.page.getByRole('heading', { name: `Answered on ${by}` }).waitFor({ timeout: 15_000 });
    expect(await desktop.page.getByRole('button', { name: 'Allow', exact: true }).count()).toBe(0);

    // Then the computer says how: the desktop opens its word and says it.
    await answerDeliveredWithOutcome(reply, decision);
    await phone.page.getByText('Claude Code got your answer').waitFor({ timeout: 15_000 });
    await desktop.page.getByRole('heading', { name: `Allowed on ${by}` }).waitFor({ timeout: 15_000 });
    await saveScreenshots(desktop.page, 'permission-allowed-elsewhere');
    await desktop.page.getByRole('button', { name: 'Close' }).click();
    await desktop.page.getByRole('heading', { name: `Allowed on ${by}` }).waitFor({ state: 'detached' });
    // Its history row says the same.
    await desktop.page.getByText(`Allowed on ${by}`).first().waitFor({ timeout: 15_000 });
    expect(repliesFor(request.eventId)).toHaveLength(1);

    for (const device of devices) {
      expect(device.errors).toEqual([]);
      await device.context.close();
    }
  }, 180_000);
});
