import type { AgentHookStatus, HooksStatus } from '@ringback/protocol';
import { agentHookFiles } from './agent-hook-files';
import { readCodexHookTrust } from './codex-hook-trust';
import { readHookConfig } from './hook-config-file';
import { countRingbackHooks } from './stop-hooks';

/** Whether each agent's hook file holds the Ringback Stop hook, and whether Codex trusts it. */
export async function readHooksStatus(home: string, env: NodeJS.ProcessEnv): Promise<HooksStatus> {
  const [claude, codex] = agentHookFiles(home, env);
  const installed = async (path: string): Promise<AgentHookStatus> => {
    try {
      return { path, installed: countRingbackHooks(await readHookConfig(path)) > 0 };
    } catch (error) {
      return { path, installed: false, problem: (error as Error).message };
    }
  };
  const claudeCode = await installed(claude?.path ?? '');
  const codexFile = await installed(codex?.path ?? '');
  if (!codexFile.installed) return { claudeCode, codex: codexFile };
  const trust = await readCodexHookTrust(home, env);
  return {
    claudeCode,
    codex: {
      ...codexFile,
      ...(trust.hook ? { trust: trust.hook.trust } : {}),
      ...(trust.problem ? { problem: trust.problem } : {}),
    },
  };
}
