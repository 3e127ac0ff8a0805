import type { AgentHookStatus, HooksStatus } from '@ringback/protocol';
import { agentHookFiles } from './agent-hook-files';
import { readCodexHookTrust } from './codex-hook-trust';
import { readHookConfig } from './hook-config-file';
import { countRingbackHooks, ringbackHooks } from './stop-hooks';

/**
 * Whether each agent's hook file holds the Ringback Stop hook and the PermissionRequest hook,
 * and whether Codex trusts each.
 */
export async function readHooksStatus(home: string, env: NodeJS.ProcessEnv): Promise<HooksStatus> {
  const [claude, codex] = agentHookFiles(home, env);
  const installed = async (path: string): Promise<AgentHookStatus> => {
    try {
      const config = await readHookConfig(path);
      const permission = ringbackHooks(config, 'PermissionRequest')[0];
      const timeout = permission?.timeout;
      return {
        path,
        installed: countRingbackHooks(config) > 0,
        permission: {
          installed: permission !== undefined,
          ...(typeof timeout === 'number' ? { timeoutSeconds: timeout } : {}),
        },
      };
    } catch (error) {
      return { path, installed: false, problem: (error as Error).message };
    }
  };
  const claudeCode = await installed(claude?.path ?? '');
  const codexFile = await installed(codex?.path ?? '');
  if (!codexFile.installed && !codexFile.permission?.installed) return { claudeCode, codex: codexFile };
  const trust = await readCodexHookTrust(home, env);
  return {
    claudeCode,
    codex: {
      ...codexFile,
      ...(trust.hook ? { trust: trust.hook.trust } : {}),
      ...(trust.problem ? { problem: trust.problem } : {}),
      ...(codexFile.permission && trust.permissionHook
        ? { permission: { ...codexFile.permission, trust: trust.permissionHook.trust } }
        : {}),
    },
  };
}
