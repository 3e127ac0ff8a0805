import type {
  Agent,
  Attachment,
  Comment,
  Issue,
  IssueStatusDef,
  Project,
  Runtime,
  Task,
  TrackerState,
  User,
  Workspace,
} from './model.js';
import { statusCategoryOf } from './statuses.js';
import { nullableTime, rfc3339, rfc3339Nano } from './time.js';

/** Wire JSON exactly as Multica's Go handlers write it: snake_case, keys present, `''` where Go does. */
type Json = Record<string, unknown>;

export function userJson(user: User): Json {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    avatar_url: null,
    language: null,
    timezone: null,
    onboarded_at: rfc3339(user.createdAt),
    onboarding_questionnaire: {},
    starter_content_state: null,
    profile_description: null,
    created_at: rfc3339(user.createdAt),
    updated_at: rfc3339(user.updatedAt),
  };
}

export function workspaceJson(ws: Workspace): Json {
  return {
    id: ws.id,
    name: ws.name,
    slug: ws.slug,
    description: ws.description,
    context: null,
    settings: {},
    repos: [],
    issue_prefix: ws.issuePrefix,
    avatar_url: null,
    created_at: rfc3339(ws.createdAt),
    updated_at: rfc3339(ws.updatedAt),
  };
}

export function statusJson(def: IssueStatusDef): Json {
  return {
    id: def.id,
    workspace_id: def.workspaceId,
    key: def.key,
    name: def.name,
    description: def.description,
    category: def.category,
    color: def.color,
    is_system: def.isSystem,
    position: def.position,
    archived_at: nullableTime(def.archivedAt),
    created_at: rfc3339(def.createdAt),
    updated_at: rfc3339(def.updatedAt),
  };
}

export function issueJson(state: TrackerState, issue: Issue, publicUrl: string, detail = false): Json {
  const ws = state.workspaces.get(issue.workspaceId);
  const category = statusCategoryOf(state, issue.workspaceId, issue.status);
  const json: Json = {
    id: issue.id,
    workspace_id: issue.workspaceId,
    number: issue.number,
    identifier: `${ws?.issuePrefix ?? 'WS'}-${issue.number}`,
    title: issue.title,
    description: issue.description,
    status: issue.status,
    ...(category ? { status_category: category } : {}),
    priority: issue.priority,
    assignee_type: issue.assigneeType,
    assignee_id: issue.assigneeId,
    creator_type: issue.creatorType,
    creator_id: issue.creatorId,
    parent_issue_id: issue.parentIssueId,
    project_id: issue.projectId,
    position: issue.position,
    stage: null,
    start_date: issue.startDate,
    due_date: issue.dueDate,
    created_at: rfc3339(issue.createdAt),
    updated_at: rfc3339(issue.updatedAt),
    revision: issue.revision,
    last_activity_at: issue.lastActivityAt === null ? null : rfc3339Nano(issue.lastActivityAt),
    metadata: {},
    properties: {},
    labels: [],
  };
  if (detail) {
    const attachments = [...state.attachments.values()].filter(
      (a) => a.issueId === issue.id && a.commentId === null,
    );
    if (attachments.length > 0) json.attachments = attachments.map((a) => attachmentJson(a, publicUrl));
  }
  return json;
}

export function projectJson(state: TrackerState, project: Project): Json {
  const issues = [...state.issues.values()].filter((i) => i.projectId === project.id);
  const done = issues.filter((i) => statusCategoryOf(state, i.workspaceId, i.status) === 'done');
  return {
    id: project.id,
    workspace_id: project.workspaceId,
    title: project.title,
    description: project.description,
    icon: project.icon,
    status: project.status,
    priority: project.priority,
    lead_type: project.leadType,
    lead_id: project.leadId,
    start_date: project.startDate,
    due_date: project.dueDate,
    created_at: rfc3339(project.createdAt),
    updated_at: rfc3339(project.updatedAt),
    issue_count: issues.length,
    done_count: done.length,
    resource_count: 0,
  };
}

export function agentJson(agent: Agent): Json {
  return {
    id: agent.id,
    workspace_id: agent.workspaceId,
    runtime_id: agent.runtimeId,
    runtime_bound: agent.runtimeId !== '',
    name: agent.name,
    description: agent.description,
    instructions: agent.instructions,
    avatar_url: null,
    runtime_mode: 'local',
    runtime_config: {},
    custom_args: [],
    mcp_config: null,
    has_custom_env: false,
    custom_env_key_count: 0,
    mcp_config_redacted: false,
    visibility: agent.permissionMode === 'private' ? 'private' : 'workspace',
    permission_mode: agent.permissionMode,
    invocation_targets: agent.permissionMode === 'public_to' ? [{ type: 'workspace' }] : [],
    status: agent.status,
    max_concurrent_tasks: 6,
    model: agent.model,
    thinking_level: '',
    service_tier: '',
    owner_id: agent.ownerId,
    skills: [],
    disabled_runtime_skills: [],
    created_at: rfc3339(agent.createdAt),
    updated_at: rfc3339(agent.updatedAt),
    archived_at: nullableTime(agent.archivedAt),
    archived_by: agent.archivedAt === null ? null : agent.ownerId,
  };
}

export function runtimeJson(runtime: Runtime): Json {
  const metadata: Json = { cli_version: runtime.cliVersion };
  if (runtime.offlineReason) metadata.offline_reason = runtime.offlineReason;
  return {
    id: runtime.id,
    workspace_id: runtime.workspaceId,
    daemon_id: `daemon-${runtime.id.slice(-8)}`,
    name: runtime.name,
    custom_name: null,
    runtime_mode: 'local',
    provider: runtime.provider,
    launch_header: '',
    status: runtime.status,
    device_info: 'fake-tracker',
    metadata,
    owner_id: runtime.ownerId,
    visibility: 'public',
    profile_id: null,
    last_seen_at: nullableTime(runtime.lastSeenAt),
    created_at: rfc3339(runtime.createdAt),
    updated_at: rfc3339(runtime.updatedAt),
  };
}

export function taskJson(task: Task): Json {
  return {
    id: task.id,
    agent_id: task.agentId,
    runtime_id: task.runtimeId,
    issue_id: task.issueId,
    workspace_id: task.workspaceId,
    status: task.status,
    priority: task.priority,
    dispatched_at: nullableTime(task.dispatchedAt),
    started_at: nullableTime(task.startedAt),
    completed_at: nullableTime(task.completedAt),
    result: task.result ?? null,
    error: task.error,
    ...(task.failureReason ? { failure_reason: task.failureReason } : {}),
    attempt: task.attempt,
    max_attempts: task.maxAttempts,
    created_at: rfc3339(task.createdAt),
    ...(task.triggerCommentId ? { trigger_comment_id: task.triggerCommentId } : {}),
    ...(task.coalescedCommentIds.length > 0 ? { coalesced_comment_ids: task.coalescedCommentIds } : {}),
    delivered_comment_ids: [],
    kind: task.kind,
    attribution: { source: 'direct_human', precise: true },
  };
}

export function commentJson(state: TrackerState, comment: Comment, publicUrl: string): Json {
  const attachments = [...state.attachments.values()].filter((a) => a.commentId === comment.id);
  return {
    id: comment.id,
    issue_id: comment.issueId,
    author_type: comment.authorType,
    author_id: comment.authorId,
    content: comment.content,
    type: comment.type,
    parent_id: comment.parentId,
    created_at: rfc3339(comment.createdAt),
    updated_at: rfc3339(comment.updatedAt),
    revision: 1,
    resolved_at: null,
    resolved_by_type: null,
    resolved_by_id: null,
    ...(comment.sourceTaskId ? { source_task_id: comment.sourceTaskId } : {}),
    reactions: [],
    attachments: attachments.map((a) => attachmentJson(a, publicUrl)),
  };
}

export function attachmentJson(attachment: Attachment, publicUrl: string): Json {
  const downloadPath = `/api/attachments/${attachment.id}/download`;
  return {
    id: attachment.id,
    workspace_id: attachment.workspaceId,
    issue_id: attachment.issueId,
    comment_id: attachment.commentId,
    chat_session_id: null,
    chat_message_id: null,
    uploader_type: 'member',
    uploader_id: attachment.uploaderId,
    filename: attachment.filename,
    // Local-storage deployments expose the raw object through the same proxy route.
    url: `${publicUrl}${downloadPath}`,
    download_url: downloadPath,
    markdown_url: `${publicUrl}${downloadPath}`,
    content_type: attachment.contentType,
    size_bytes: attachment.bytes.length,
    created_at: rfc3339(attachment.createdAt),
  };
}
