// Test support only: Multica answers as the reference documents them, for stand-in tests.
const WS = '0197a000-0000-7000-8000-000000000001';
const AT = '2026-05-01T12:34:56Z';

export const sampleWorkspace = (over: Record<string, unknown> = {}) => ({
  id: WS,
  name: 'Acme',
  slug: 'acme',
  description: null,
  issue_prefix: 'ACME',
  avatar_url: null,
  created_at: AT,
  updated_at: AT,
  ...over,
});

export const sampleIssue = (over: Record<string, unknown> = {}) => ({
  id: 'i1',
  workspace_id: WS,
  number: 4,
  identifier: 'ACME-4',
  title: 'Fix login',
  description: null,
  status: 'todo',
  priority: 'none',
  assignee_type: null,
  assignee_id: null,
  creator_type: 'member',
  creator_id: 'u1',
  parent_issue_id: null,
  project_id: null,
  created_at: AT,
  updated_at: AT,
  last_activity_at: '2026-05-01T12:34:56.123456789Z',
  labels: [],
  ...over,
});

export const sampleProject = (over: Record<string, unknown> = {}) => ({
  id: 'p1',
  workspace_id: WS,
  title: 'Web',
  description: null,
  icon: null,
  status: 'in_progress',
  priority: 'none',
  created_at: AT,
  updated_at: AT,
  issue_count: 0,
  done_count: 0,
  ...over,
});

export const sampleAgent = (over: Record<string, unknown> = {}) => ({
  id: 'a1',
  workspace_id: WS,
  name: 'Coder',
  description: '',
  avatar_url: null,
  runtime_id: '',
  status: 'idle',
  owner_id: null,
  archived_at: null,
  created_at: AT,
  updated_at: AT,
  ...over,
});

export const sampleTask = (over: Record<string, unknown> = {}) => ({
  id: 't1',
  agent_id: 'a1',
  runtime_id: '',
  issue_id: '',
  workspace_id: WS,
  status: 'completed',
  kind: 'direct',
  priority: 0,
  dispatched_at: AT,
  started_at: AT,
  completed_at: AT,
  result: null,
  error: null,
  attempt: 1,
  max_attempts: 1,
  created_at: AT,
  delivered_comment_ids: [],
  ...over,
});

export const sampleComment = (over: Record<string, unknown> = {}) => ({
  id: 'c1',
  issue_id: 'i1',
  author_type: 'member',
  author_id: 'u1',
  content: 'ok',
  type: 'comment',
  parent_id: null,
  created_at: AT,
  updated_at: AT,
  reactions: [],
  attachments: [],
  ...over,
});
