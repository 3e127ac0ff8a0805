/**
 * The calls page's project tabs and grouping (client spec "Calls page"), as pure functions over
 * the few fields of a call that decide where it goes and in what order. Rows are generic so the
 * caller passes its own display rows (title, call time…) and gets the same objects back.
 */

/** What places a call: its tracker project and workspace, and what orders it. */
export type CallPlacement = {
  eventId: string;
  /** Tracker project name; absent, null or blank for local agent reports and issues with no project. */
  project?: string | null;
  /** Tracker workspace name; only shown when several workspaces are watched. */
  workspaceName?: string | null;
  /** Tracker issue priority, lower is more urgent; absent for local agent reports. */
  priority?: number | null;
  /** ISO time of the last update. */
  updatedAt?: string | null;
  /** ISO time the agent's turn ended; orders calls that have no update time. */
  occurredAt: string;
};

export type CallTab = {
  /** `ALL_TAB_ID`, or an opaque project key. */
  id: string;
  /** `All`, the project name, or `Workspace / Project` when several workspaces are watched. */
  label: string;
  /** Missed calls in this tab (All counts every missed call). */
  missedCount: number;
};

export type CallGroup<T> = {
  /** The project's tab id, or `OTHER_GROUP_ID`. */
  id: string;
  /** Project name (with workspace when several are watched), or `Other`. */
  title: string;
  rows: T[];
};

export type CallsView<H, M> = {
  tabs: CallTab[];
  /** The tab shown: the asked one, or All when that tab no longer exists. */
  currentTabId: string;
  /** The current tab's rows, sorted. For All, every row. */
  history: H[];
  missed: M[];
  /** Only for All (empty otherwise): both lists grouped by project, Other last. */
  historyGroups: CallGroup<H>[];
  missedGroups: CallGroup<M>[];
};

export const ALL_TAB_ID = 'all';
export const OTHER_GROUP_ID = 'other';
const ALL_LABEL = 'All';
const OTHER_LABEL = 'Other';

type ProjectKey = { id: string; label: string };

/**
 * The project a call belongs to, or null when it gives no tab (local reports, no project).
 * With several watched workspaces the same project name in two workspaces is two projects.
 */
export function projectOf(row: CallPlacement, severalWorkspaces: boolean): ProjectKey | null {
  const project = row.project?.trim();
  if (!project) return null;
  const workspace = severalWorkspaces ? (row.workspaceName?.trim() ?? '') : '';
  // JSON keeps the two parts apart even when a name contains the separator shown in the label.
  const id = `project:${JSON.stringify([workspace, project])}`;
  return { id, label: workspace ? `${workspace} / ${project}` : project };
}

const NO_TIME = Number.NEGATIVE_INFINITY;

function timeOf(iso: string | null | undefined): number {
  if (!iso) return NO_TIME;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? NO_TIME : ms;
}

/** An unreadable update time counts as missing rather than as the oldest. */
function updateTimeOf(row: CallPlacement): number {
  const updated = timeOf(row.updatedAt);
  return updated === NO_TIME ? timeOf(row.occurredAt) : updated;
}

function rankOf(priority: number | null | undefined): number {
  // A call without a priority (a local agent report) counts as the least urgent.
  return typeof priority === 'number' && Number.isFinite(priority) ? priority : Number.POSITIVE_INFINITY;
}

/**
 * The spec's order: priority (lower first, missing last), then issue update time newest first
 * (the call's own time when there is none), then the call's time, then eventId so ties are stable.
 */
export function compareCalls(a: CallPlacement, b: CallPlacement): number {
  const byRank = rankOf(a.priority) - rankOf(b.priority);
  if (byRank !== 0 && !Number.isNaN(byRank)) return byRank;
  const aUpdated = updateTimeOf(a);
  const bUpdated = updateTimeOf(b);
  if (aUpdated !== bUpdated) return bUpdated > aUpdated ? 1 : -1;
  const aOccurred = timeOf(a.occurredAt);
  const bOccurred = timeOf(b.occurredAt);
  if (aOccurred !== bOccurred) return bOccurred > aOccurred ? 1 : -1;
  return a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0;
}

export function sortCalls<T extends CallPlacement>(rows: readonly T[]): T[] {
  return [...rows].sort(compareCalls);
}

const byLabel = (a: { label: string }, b: { label: string }) =>
  a.label.localeCompare(b.label, undefined, { numeric: true, sensitivity: 'base' }) ||
  (a.label < b.label ? -1 : a.label > b.label ? 1 : 0);

/**
 * All first, then one tab per project in label order. Label order (not urgency) keeps tabs from
 * jumping around as calls arrive; the red counts point at the tabs that need attention.
 */
export function callTabs(
  history: readonly CallPlacement[],
  missed: readonly CallPlacement[],
  severalWorkspaces: boolean,
): CallTab[] {
  const projects = new Map<string, CallTab>();
  const visit = (row: CallPlacement, isMissed: boolean) => {
    const key = projectOf(row, severalWorkspaces);
    if (!key) return;
    const tab = projects.get(key.id) ?? { id: key.id, label: key.label, missedCount: 0 };
    if (isMissed) tab.missedCount += 1;
    projects.set(key.id, tab);
  };
  for (const row of history) visit(row, false);
  for (const row of missed) visit(row, true);
  const all: CallTab = { id: ALL_TAB_ID, label: ALL_LABEL, missedCount: missed.length };
  return [all, ...[...projects.values()].sort(byLabel)];
}

/** The rows of one tab, sorted. All holds every row; an unknown tab holds none. */
export function rowsOfTab<T extends CallPlacement>(
  rows: readonly T[],
  tabId: string,
  severalWorkspaces: boolean,
): T[] {
  if (tabId === ALL_TAB_ID) return sortCalls(rows);
  return sortCalls(rows.filter((row) => projectOf(row, severalWorkspaces)?.id === tabId));
}

/** All's grouping: one group per project in tab order, each sorted, and Other (no project) last. */
export function groupCalls<T extends CallPlacement>(
  rows: readonly T[],
  severalWorkspaces: boolean,
): CallGroup<T>[] {
  const groups = new Map<string, CallGroup<T> & { label: string }>();
  const other: CallGroup<T> = { id: OTHER_GROUP_ID, title: OTHER_LABEL, rows: [] };
  for (const row of sortCalls(rows)) {
    const key = projectOf(row, severalWorkspaces);
    if (!key) {
      other.rows.push(row);
      continue;
    }
    const group = groups.get(key.id) ?? { id: key.id, title: key.label, label: key.label, rows: [] };
    group.rows.push(row);
    groups.set(key.id, group);
  }
  const ordered: CallGroup<T>[] = [...groups.values()]
    .sort(byLabel)
    .map(({ id, title, rows: groupRows }) => ({ id, title, rows: groupRows }));
  if (other.rows.length > 0) ordered.push(other);
  return ordered;
}

/** Everything the calls page needs for one tab, in one call. */
export function arrangeCalls<H extends CallPlacement, M extends CallPlacement>(input: {
  history: readonly H[];
  missed: readonly M[];
  severalWorkspaces: boolean;
  tabId: string;
}): CallsView<H, M> {
  const { history, missed, severalWorkspaces } = input;
  const tabs = callTabs(history, missed, severalWorkspaces);
  const currentTabId = tabs.some((tab) => tab.id === input.tabId) ? input.tabId : ALL_TAB_ID;
  const isAll = currentTabId === ALL_TAB_ID;
  return {
    tabs,
    currentTabId,
    history: rowsOfTab(history, currentTabId, severalWorkspaces),
    missed: rowsOfTab(missed, currentTabId, severalWorkspaces),
    historyGroups: isAll ? groupCalls(history, severalWorkspaces) : [],
    missedGroups: isAll ? groupCalls(missed, severalWorkspaces) : [],
  };
}
