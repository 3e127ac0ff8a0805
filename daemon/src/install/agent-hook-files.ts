import { join } from 'node:path';

export interface AgentHookFile {
  agent: 'claude-code' | 'codex';
  label: string;
  path: string;
}

/** The user-level hook configuration of each supported agent. */
export function agentHookFiles(home: string, env: NodeJS.ProcessEnv): AgentHookFile[] {
  return [
    { agent: 'claude-code', label: 'Claude Code', path: join(home, '.claude', 'settings.json') },
    { agent: 'codex', label: 'Codex', path: join(env.CODEX_HOME || join(home, '.codex'), 'hooks.json') },
  ];
}
