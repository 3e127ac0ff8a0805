import { PERMISSION_HOOK_DEADLINE_MS, RESUMED_SESSION_ENV } from '../hook/hook-constants';
import {
  PERMISSION_MCP_SERVER,
  PERMISSION_MCP_SESSION_ENV,
  PERMISSION_MCP_TOOL,
} from '../hook/permission-mcp';

/** Where `ringback hook claude-code permission-mcp` runs from: this install's node and CLI. */
export interface PermissionPromptServer {
  nodePath: string;
  cliScript: string;
  /** The daemon's data dir, where the server finds the daemon's port. */
  dataDir: string;
}

/**
 * The arguments that make a headless (`-p`) Claude Code session ask Ringback's MCP tool for
 * each permission: `--mcp-config` with the server inline (JSON, as Claude Code accepts it; no
 * temp file to clean up) and `--permission-prompt-tool mcp__ringback__approve`. The server
 * learns the session from its env; its per-call timeout outlasts the longest wait, so Claude
 * Code never cuts the wait short (its own default is hours; MCP_TOOL_TIMEOUT may be lower).
 */
export function permissionPromptArgs(
  server: PermissionPromptServer,
  request: { sessionId: string },
): string[] {
  const config = {
    mcpServers: {
      [PERMISSION_MCP_SERVER]: {
        type: 'stdio',
        command: server.nodePath,
        args: [server.cliScript, 'hook', 'claude-code', 'permission-mcp'],
        env: {
          [PERMISSION_MCP_SESSION_ENV]: request.sessionId,
          RINGBACK_HOME: server.dataDir,
          [RESUMED_SESSION_ENV]: request.sessionId,
        },
        timeout: PERMISSION_HOOK_DEADLINE_MS + 60_000,
      },
    },
  };
  return [
    '--mcp-config',
    JSON.stringify(config),
    '--permission-prompt-tool',
    `mcp__${PERMISSION_MCP_SERVER}__${PERMISSION_MCP_TOOL}`,
  ];
}
