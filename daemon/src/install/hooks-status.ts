import type { AgentHookStatus, HooksStatus } from '@ringback/protocol';
import { agentHookFiles } from './agent-hook-files';
import { type CodexHookTrustReading, readCodexHookTrust } from './codex-hook-trust';
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
  // Unknown trust is left out rather than shown as untrusted: `problem` says why it is unknown.
  const known = (reading: CodexHookTrustReading | undefined) =>
    reading !== undefined && reading !== 'unknown' ? reading : undefined;
  const stopTrust = known(trust.hook?.trust);
  const permissionTrust = known(trust.permissionHook?.trust);
  return {
    claudeCode,
    codex: {
      ...codexFile,
      ...(stopTrust ? { trust: stopTrust } : {}),
      ...(trust.problem ? { problem: trust.problem } : {}),
      ...(codexFile.permission && permissionTrust
        ? { permission: { ...codexFile.permission, trust: permissionTrust } }
        : {}),
    },
  };
}
