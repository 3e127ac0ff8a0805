import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export type AgentName = 'claude-code' | 'codex';

/** Both agents show this hint under their input once they are ready for a message. */
export const AGENT_READY = '? for shortcuts';

/** Each agent's own approval prompt, as it shows on screen. */
export const AGENT_PROMPT: Record<AgentName, string> = {
  'claude-code': 'Do you want to proceed?',
  codex: 'Would you like to run the following command?',
};

/**
 * What Claude Code's first-run screens would store in `home`: onboarding done, the API key
 * approved and `project` trusted. Returns the environment that points it at the fake model.
 * Hooks (`~/.claude/settings.json`) are left to the caller or to `ringback install`.
 */
export async function prepareClaudeCodeHome(
  home: string,
  project: string,
  modelUrl: string,
): Promise<Record<string, string>> {
  const key = 'sk-ant-fake-0123456789abcdefghij';
  await mkdir(join(home, '.claude'), { recursive: true });
  await writeFile(
    join(home, '.claude.json'),
    JSON.stringify({
      hasCompletedOnboarding: true,
      theme: 'dark',
      customApiKeyResponses: { approved: [key.slice(-20)], rejected: [] },
      projects: { [project]: { hasTrustDialogAccepted: true, allowedTools: [] } },
    }),
  );
  return {
    ANTHROPIC_BASE_URL: modelUrl,
    ANTHROPIC_API_KEY: key,
    DISABLE_AUTOUPDATER: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  };
}

/**
 * Codex's `config.toml` in `codexHome`: the fake model as its provider, commands outside the
 * sandbox asked for ("on-request"), `project` trusted, and `trust` appended (the hook trust
 * entries its /hooks screen writes). Returns the environment Codex needs.
 */
export async function prepareCodexHome(
  codexHome: string,
  project: string,
  modelUrl: string,
  trust: string[] = [],
): Promise<Record<string, string>> {
  await mkdir(codexHome, { recursive: true });
  await writeFile(
    join(codexHome, 'config.toml'),
    [
      'model = "fake-model"',
      'model_provider = "fake"',
      'approval_policy = "on-request"',
      'sandbox_mode = "workspace-write"',
      '',
      '[model_providers.fake]',
      'name = "Fake"',
      `base_url = "${modelUrl}/v1"`,
      'wire_api = "responses"',
      'env_key = "FAKE_MODEL_KEY"',
      '',
      `[projects."${project}"]`,
      'trust_level = "trusted"',
      '',
      ...trust,
    ].join('\n'),
  );
  return { CODEX_HOME: codexHome, FAKE_MODEL_KEY: 'fake' };
}

/** The `[hooks.state]` entry Codex's /hooks screen writes when the user trusts one hook. */
export const codexTrustEntry = (key: string, hash: string) =>
  [`[hooks.state."${key}"]`, `trusted_hash = "${hash}"`, ''].join('\n');
