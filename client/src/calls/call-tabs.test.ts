import { describe, expect, it } from 'vitest';
import {
  ALL_TAB_ID,
  arrangeCalls,
  type CallPlacement,
  callTabs,
  compareCalls,
  groupCalls,
  OTHER_GROUP_ID,
  projectOf,
  rowsOfTab,
  sortCalls,
} from './call-tabs';

type Row = CallPlacement & { title: string };

const row = (eventId: string, fields: Partial<Row> = {}): Row => ({
  eventId,
  title: `call ${eventId}`,
  occurredAt: '2025-05-01T10:00:00.000Z',
  ...fields,
});

const ids = (rows: readonly { eventId: string }[]) => rows.map((r) => r.eventId);

describe('callTabs', () => {
  it('puts All first and makes one tab per project, never for local reports or calls with no project', () => {
    const history = [
      row('h1', { project: 'Web', workspaceName: 'Acme', priority: 1 }),
      row('h2', { project: 'API', workspaceName: 'Acme', priority: 2 }),
      row('h3'), // a local agent report
      row('h4', { project: null, workspaceName: 'Acme', priority: 0 }),
      row('h5', { project: '', workspaceName: 'Acme', priority: 0 }),
      row('h6', { project: '   ', workspaceName: 'Acme', priority: 0 }),
      row('h7', { project: 'Web', workspaceName: 'Acme', priority: 3 }),
    ];
    const tabs = callTabs(history, [], false);
    expect(tabs.map((t) => t.label)).toEqual(['All', 'API', 'Web']);
    expect(tabs[0]?.id).toBe(ALL_TAB_ID);
    expect(new Set(tabs.map((t) => t.id)).size).toBe(3);
  });

  it('shows the workspace before the project only when several workspaces are watched', () => {
    const history = [
      row('h1', { project: 'Web', workspaceName: 'Acme' }),
      row('h2', { project: 'Web', workspaceName: 'Labs' }),
    ];
    expect(callTabs(history, [], true).map((t) => t.label)).toEqual(['All', 'Acme / Web', 'Labs / Web']);
    // One workspace: the same project name is one tab, labelled by the project alone.
    expect(callTabs(history, [], false).map((t) => t.label)).toEqual(['All', 'Web']);
  });

  it('keeps the project alone in the label when a call has no workspace name', () => {
    expect(callTabs([row('h1', { project: 'Web' })], [], true).map((t) => t.label)).toEqual(['All', 'Web']);
  });

  it('does not confuse a workspace name containing the separator with another project', () => {
    const a = projectOf(row('a', { project: 'C', workspaceName: 'A / B' }), true);
    const b = projectOf(row('b', { project: 'B / C', workspaceName: 'A' }), true);
    expect(a?.label).toBe(b?.label);
    expect(a?.id).not.toBe(b?.id);
  });

  it('counts missed calls per tab, All counting every missed call', () => {
    const history = [row('h1', { project: 'Web' })];
    const missed = [
      row('m1', { project: 'Web' }),
      row('m2', { project: 'Web' }),
      row('m3', { project: 'Docs' }),
      row('m4'),
    ];
    const tabs = callTabs(history, missed, false);
    expect(tabs.map((t) => [t.label, t.missedCount])).toEqual([
      ['All', 4],
      ['Docs', 1],
      ['Web', 2],
    ]);
  });

  it('orders project tabs by label, numbers naturally and ignoring case', () => {
    const history = [
      row('1', { project: 'web 10' }),
      row('2', { project: 'Web 2' }),
      row('3', { project: 'api' }),
    ];
    expect(callTabs(history, [], false).map((t) => t.label)).toEqual(['All', 'api', 'Web 2', 'web 10']);
  });

  it('has only All when nothing belongs to a project', () => {
    expect(callTabs([row('h1')], [row('m1', { project: null })], false)).toEqual([
      { id: ALL_TAB_ID, label: 'All', missedCount: 1 },
    ]);
  });
});

describe('sorting', () => {
  it('sorts by priority (lower first), then update time newest first', () => {
    const rows = [
      row('low-new', { priority: 3, updatedAt: '2025-05-03T00:00:00Z' }),
      row('urgent-old', { priority: 0, updatedAt: '2025-05-01T00:00:00Z' }),
      row('urgent-new', { priority: 0, updatedAt: '2025-05-02T00:00:00Z' }),
      row('high', { priority: 1, updatedAt: '2025-04-01T00:00:00Z' }),
    ];
    expect(ids(sortCalls(rows))).toEqual(['urgent-new', 'urgent-old', 'high', 'low-new']);
  });

  it('treats a missing priority as the least urgent', () => {
    const rows = [
      row('local', { occurredAt: '2025-06-01T00:00:00Z' }),
      row('none', { priority: 4, updatedAt: '2025-01-01T00:00:00Z' }),
      row('nullish', { priority: null, occurredAt: '2025-07-01T00:00:00Z' }),
    ];
    expect(ids(sortCalls(rows))).toEqual(['none', 'nullish', 'local']);
  });

  it('falls back to the call time when there is no update time, and reads mixed ISO forms', () => {
    const rows = [
      row('a', { priority: 2, occurredAt: '2025-05-01T10:00:00Z' }),
      row('b', { priority: 2, updatedAt: '2025-05-01T12:00:00+02:00', occurredAt: '2025-05-01T09:00:00Z' }),
      row('c', { priority: 2, occurredAt: '2025-05-01T11:00:00Z' }),
    ];
    // b's update time equals a's call time; then b's own (older) call time puts it after a.
    expect(ids(sortCalls(rows))).toEqual(['c', 'a', 'b']);
  });

  it('reads an unreadable update time as missing, and is stable by eventId on full ties', () => {
    const rows = [
      row('z', { updatedAt: 'not a date' }),
      row('b'),
      row('a'),
      row('old', { occurredAt: 'garbage' }),
    ];
    expect(ids(sortCalls(rows))).toEqual(['a', 'b', 'z', 'old']);
    expect(compareCalls(row('a'), row('a'))).toBe(0);
  });

  it('does not change the array it is given', () => {
    const rows = [row('b', { priority: 2 }), row('a', { priority: 1 })];
    sortCalls(rows);
    expect(ids(rows)).toEqual(['b', 'a']);
  });
});

describe('rowsOfTab', () => {
  const history = [
    row('web-low', { project: 'Web', workspaceName: 'Acme', priority: 3 }),
    row('web-high', { project: 'Web', workspaceName: 'Acme', priority: 1 }),
    row('labs-web', { project: 'Web', workspaceName: 'Labs', priority: 0 }),
    row('local'),
  ];

  it('gives a project tab its own calls sorted, and All every call sorted', () => {
    const tabs = callTabs(history, [], true);
    const acmeWeb = tabs.find((t) => t.label === 'Acme / Web');
    expect(ids(rowsOfTab(history, acmeWeb?.id ?? '', true))).toEqual(['web-high', 'web-low']);
    expect(ids(rowsOfTab(history, ALL_TAB_ID, true))).toEqual(['labs-web', 'web-high', 'web-low', 'local']);
  });

  it('gives an unknown tab nothing', () => {
    expect(rowsOfTab(history, 'project:gone', true)).toEqual([]);
  });
});

describe('groupCalls', () => {
  it('groups by project with the project name as title, sorted inside, Other last', () => {
    const rows = [
      row('local', { occurredAt: '2025-05-09T00:00:00Z' }),
      row('web-2', { project: 'Web', priority: 2 }),
      row('api', { project: 'API', priority: 3 }),
      row('noproj', { project: '', priority: 0 }),
      row('web-0', { project: 'Web', priority: 0 }),
    ];
    const groups = groupCalls(rows, false);
    expect(groups.map((g) => [g.title, ids(g.rows)])).toEqual([
      ['API', ['api']],
      ['Web', ['web-0', 'web-2']],
      ['Other', ['noproj', 'local']],
    ]);
    expect(groups.at(-1)?.id).toBe(OTHER_GROUP_ID);
    // Group ids are the tab ids, so a group heading can lead to its tab.
    expect(groups.slice(0, 2).map((g) => g.id)).toEqual(
      callTabs(rows, [], false)
        .slice(1)
        .map((t) => t.id),
    );
  });

  it('prefixes the workspace when several are watched', () => {
    const rows = [row('1', { project: 'Web', workspaceName: 'Labs' }), row('2')];
    expect(groupCalls(rows, true).map((g) => g.title)).toEqual(['Labs / Web', 'Other']);
  });

  it('leaves Other out when every call has a project, and gives no groups for no calls', () => {
    expect(groupCalls([row('1', { project: 'Web' })], false).map((g) => g.title)).toEqual(['Web']);
    expect(groupCalls([], false)).toEqual([]);
  });
});

describe('arrangeCalls', () => {
  const history = [row('h1', { project: 'Web', priority: 2 }), row('h2', { priority: 0 })];
  const missed = [row('m1', { project: 'Web', priority: 1 }), row('m2')];

  it('gives All the groups of both lists', () => {
    const view = arrangeCalls({ history, missed, severalWorkspaces: false, tabId: ALL_TAB_ID });
    expect(view.currentTabId).toBe(ALL_TAB_ID);
    expect(view.historyGroups.map((g) => g.title)).toEqual(['Web', 'Other']);
    expect(view.missedGroups.map((g) => [g.title, ids(g.rows)])).toEqual([
      ['Web', ['m1']],
      ['Other', ['m2']],
    ]);
    expect(ids(view.history)).toEqual(['h2', 'h1']);
  });

  it('gives a project tab its rows and no groups', () => {
    const webId = callTabs(history, missed, false)[1]?.id ?? '';
    const view = arrangeCalls({ history, missed, severalWorkspaces: false, tabId: webId });
    expect(view.currentTabId).toBe(webId);
    expect(ids(view.history)).toEqual(['h1']);
    expect(ids(view.missed)).toEqual(['m1']);
    expect(view.historyGroups).toEqual([]);
  });

  it('falls back to All when the asked tab no longer exists', () => {
    const view = arrangeCalls({ history, missed, severalWorkspaces: false, tabId: 'project:gone' });
    expect(view.currentTabId).toBe(ALL_TAB_ID);
    expect(ids(view.missed)).toEqual(['m1', 'm2']);
  });
});
