import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from './fakes/fake-llm-server';
import type { Issue } from './fakes/fake-tracker/index';
import { saveScreenshots, waitConnected } from './support/app-page';
import { DESKTOP_VIEWPORT, launchChromium, newMonitoredContext } from './support/browser';
import {
  answerAndHangUp,
  connectTracker,
  expectSilentFor,
  historyTitles,
  missByReload,
  pageNow,
  pasteImages,
  pickTarget,
  ringingSubtitle,
  tabNames,
  waitHeard,
} from './support/dispatch-page';
import { type RunningRingback, startRingbackUp } from './support/ringback-up';
import { waitFor } from './support/temp-data-dir';
import {
  assignIssue,
  briefNamingIssue,
  liveTask,
  rowTitle,
  startTrackerWorld,
  type TrackerWorld,
} from './support/tracker-world';

/** The words of the first dispatch; the fake agent titles the issue with the first line. */
const NEED = 'The login page redirects twice\nIt should land on the dashboard. Screenshots attached.';
const DISPATCHED_TITLE = 'The login page redirects twice';
/** Acme's Web app issues, by priority; the two medium ones finish in this order. */
const WEB = {
  urgent: 'Patch the session leak',
  high: 'Fix the checkout total',
  mediumOlder: 'Tidy the README',
  mediumNewer: 'Rename the settings tab',
  low: 'Polish the footer',
} as const;
const BACKEND = { answered: 'Rotate the API keys', missed: 'Upgrade the database' } as const;
const TITLES = [DISPATCHED_TITLE, ...Object.values(WEB), ...Object.values(BACKEND)];

let world: TrackerWorld;
let llm: FakeLlm;
let up: RunningRingback;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];
/** The issue the first dispatch created, once it exists. */
let dispatched: Issue | undefined;

beforeAll(async () => {
  world = await startTrackerWorld();
  llm = await startFakeLlm();
  llm.setDefault(briefNamingIssue(TITLES));
  up = await startRingbackUp({ llmUrl: llm.url, env: { RINGBACK_TRACKER_API_URL: world.tracker.url } });
  browser = await launchChromium();
  context = await newMonitoredContext(browser, DESKTOP_VIEWPORT);
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await up?.stop();
  await llm?.close();
  await world?.tracker.close();
});

describe('dispatching to Multica agents in real Chromium', () => {
  it('connects Multica with a pasted token and two watched workspaces', async () => {
    await page.goto(up.appUrl);
    await waitConnected(page);
    await connectTracker(page, world.tracker.token, ['Acme', 'Beta']);
    // Two sockets: the daemon watches both workspaces for finished tasks.
    expect(world.tracker.socketCount(world.acme.workspace.id)).toBeGreaterThan(0);
    expect(world.tracker.socketCount(world.beta.workspace.id)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('calls an agent with words and two pasted images: calling with the waiting tone, then the issue', async () => {
    const { tracker, acme } = world;
    await page.getByRole('button', { name: 'Call an agent', exact: true }).click();
    // Both watched workspaces are offered; the call goes to Acme's Web app and its agent.
    await page.getByRole('button', { name: /^Workspace\b/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Workspace' });
    await sheet.getByRole('button', { name: /^Beta\b/ }).waitFor();
    expect(await sheet.getByRole('button', { name: /^(Acme|Beta)\b/ }).count()).toBe(2);
    await sheet.getByRole('button', { name: /^Acme\b/ }).click();
    await sheet.waitFor({ state: 'detached' });
    await pickTarget(page, 'Project', 'Web app');
    await pickTarget(page, 'Agent', 'Coder');
    await page.getByRole('textbox', { name: 'What should the agent do?' }).fill(NEED);
    await pasteImages(page, 2);
    await page.getByRole('button', { name: 'Remove screenshot-1.png' }).waitFor();
    await page.getByRole('button', { name: 'Remove screenshot-2.png' }).waitFor();
    await saveScreenshots(page, 'dispatch');

    const calledAt = await pageNow(page);
    await page.getByRole('button', { name: 'Call the agent' }).click();
    await page.getByText('Calling…').first().waitFor({ timeout: 15_000 });
    // The waiting tone: 1 s of 450 Hz every 5 s, so one beep within 6 s.
    await waitHeard(page, calledAt, 6_000, 'the waiting tone');
    await saveScreenshots(page, 'dispatch-calling');

    // The quick-create went out with both uploads, as ids and as image markdown in the prompt.
    await waitFor(() => tracker.tasks({ kind: 'quick_create' }).length === 1, 15_000, 'the quick-create');
    const [quickCreate] = tracker.requests.filter((r) => r.path === '/api/issues/quick-create');
    const body = quickCreate?.body as { attachment_ids: string[]; prompt: string; project_id: string };
    expect(body.project_id).toBe(acme.web.id);
    expect(body.attachment_ids).toHaveLength(2);
    for (const id of body.attachment_ids) expect(body.prompt).toContain(`/api/attachments/${id}`);
    expect(body.prompt).toContain(DISPATCHED_TITLE);
    // Uploaded one by one through the computer, each once.
    expect(tracker.requests.filter((r) => r.path === '/api/upload-file')).toHaveLength(2);

    // The agent writes the issue; the app's lookup (every 3 s) follows the dispatch to it.
    tracker.completeTask(liveTask(tracker, { kind: 'quick_create' }).id);
    dispatched = [...tracker.state.issues.values()].find((issue) => issue.title === DISPATCHED_TITLE);
    if (!dispatched) throw new Error('the fake agent wrote no issue');
    const attached = [...tracker.state.attachments.values()].filter((a) => a.issueId === dispatched?.id);
    expect(attached).toHaveLength(2);
    await page
      .getByText(`Dispatched: ACME-${dispatched.number} ${DISPATCHED_TITLE}`)
      .waitFor({ timeout: 30_000 });
    await saveScreenshots(page, 'dispatch-created');

    await page.getByRole('button', { name: 'My dispatches' }).click();
    await page.getByText(`ACME-${dispatched.number}`).first().waitFor({ timeout: 30_000 });
    await page.getByText(/· 2 images$/).waitFor();
    await saveScreenshots(page, 'my-dispatches');
    // Back leads to a fresh dispatch screen (the call is over), and Back again to the calls page.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('button', { name: 'Call the agent' }).waitFor();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await waitConnected(page);
    expect(errors).toEqual([]);
  });

  it('rings when the dispatched issue’s task finishes, and the calls page tabs and orders tracker calls', async () => {
    const { tracker, acme, beta } = world;
    // Without the dispatch (its test failed) the same issue is assigned by hand, so this still runs.
    const first = dispatched ?? assignIssue(tracker, acme, acme.web, DISPATCHED_TITLE, 'none');
    const idleSince = await pageNow(page);
    tracker.completeTask(liveTask(tracker, { issueId: first.id }).id, { comment: 'Fixed the redirect.' });
    expect(await ringingSubtitle(page)).toBe(`ACME-${first.number} · ${DISPATCHED_TITLE}`);
    await waitHeard(page, idleSince, 5_000, 'the ringtone');
    await saveScreenshots(page, 'dispatch-ringing');
    await answerAndHangUp(page);

    // Seven more finished tasks in two workspaces; the Beta low one is left to be missed.
    const issues = [
      assignIssue(tracker, acme, acme.web, WEB.low, 'low'),
      assignIssue(tracker, acme, acme.web, WEB.mediumOlder, 'medium'),
      assignIssue(tracker, acme, acme.web, WEB.urgent, 'urgent'),
      assignIssue(tracker, acme, acme.web, WEB.mediumNewer, 'medium'),
      assignIssue(tracker, acme, acme.web, WEB.high, 'high'),
      assignIssue(tracker, beta, beta.backend, BACKEND.answered, 'high'),
      assignIssue(tracker, beta, beta.backend, BACKEND.missed, 'low'),
    ];
    for (const issue of issues) {
      tracker.completeTask(liveTask(tracker, { issueId: issue.id }).id, { comment: `Done: ${issue.title}` });
      // A distinct comment time each, so the two medium issues differ in update time.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const handled = new Set<string>();
    while (handled.size < issues.length) {
      const subtitle = await ringingSubtitle(page, 45_000);
      handled.add(subtitle);
      if (subtitle.endsWith(BACKEND.missed)) await missByReload(page);
      else await answerAndHangUp(page);
    }
    await waitConnected(page);

    // Tabs: All, then one per project in label order, workspace-qualified (two workspaces).
    await waitFor(async () => (await tabNames(page)).length === 3, 15_000, 'the project tabs');
    expect(await tabNames(page)).toEqual(['All, 1 missed', 'Acme / Web app', 'Beta / Backend, 1 missed']);
    const webOrder = [WEB.urgent, WEB.high, WEB.mediumNewer, WEB.mediumOlder, WEB.low, DISPATCHED_TITLE];
    expect(await historyTitles(page, 'Acme / Web app')).toEqual(webOrder.map(rowTitle));
    expect(await historyTitles(page, 'Beta / Backend')).toEqual([rowTitle(BACKEND.answered)]);
    await page.getByRole('button', { name: `Answer ${rowTitle(BACKEND.missed)}` }).waitFor();
    await saveScreenshots(page, 'calls-tabs');

    await page.getByRole('tab', { name: 'Acme / Web app' }).click();
    await page.getByRole('tab', { name: 'Acme / Web app', selected: true }).waitFor();
    expect(await historyTitles(page)).toEqual(webOrder.map(rowTitle));
    await saveScreenshots(page, 'calls-tab-project');
    await page.getByRole('tab', { name: /^All\b/ }).click();
    expect(errors).toEqual([]);
  });

  it('cancels a dispatch while the agent is still writing the issue', async () => {
    const { tracker } = world;
    await page.getByRole('button', { name: 'Call an agent', exact: true }).click();
    await pickTarget(page, 'Workspace', 'Beta');
    await pickTarget(page, 'Project', 'Backend');
    await pickTarget(page, 'Agent', 'Builder');
    await page
      .getByRole('textbox', { name: 'What should the agent do?' })
      .fill('Add a health check endpoint');
    const before = tracker.tasks({ kind: 'quick_create' }).length;
    await page.getByRole('button', { name: 'Call the agent' }).click();
    await page.getByText('Calling…').first().waitFor({ timeout: 15_000 });
    await waitFor(
      () => tracker.tasks({ kind: 'quick_create' }).length > before,
      15_000,
      'the second quick-create',
    );
    const task = liveTask(tracker, { kind: 'quick_create', agentId: world.beta.agent.id });

    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByText('Cancelled', { exact: true }).waitFor({ timeout: 15_000 });
    expect(tracker.state.tasks.get(task.id)?.status).toBe('cancelled');
    // The waiting tone ends with the call: no beep over a whole 5 s cycle.
    await expectSilentFor(page, 5_500);
    await saveScreenshots(page, 'dispatch-cancelled');
    await page.getByRole('button', { name: 'Done' }).click();
    expect(errors).toEqual([]);
  });
});
