import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type {
  AgentHookStatus,
  CodexHookTrust,
  DaemonStatus,
  HooksStatus,
  PermissionCallSettingsReply,
} from '@ringback/protocol';
import { request } from 'undici';
import { currentBriefLanguage } from '../config/brief-language';
import { ComputerLanguage } from '../config/computer-language';
import type { DaemonConfig } from '../config/daemon-config';
import { DATA_FILES, DEFAULT_LOCAL_PORT, resolveDataDir } from '../config/data-dir';
import { readLlmChannel } from '../config/llm-channel';
import { readPermissionCallSettings } from '../config/permission-call-settings';
import { readHooksStatus } from '../install/hooks-status';
import { readRelayTarget } from '../relay/relay-target';
import { codexApprovalsByHook, codexApprovalsOnPhone } from '../replies/codex-approvals';
import { processServiceHost, readLoginServiceLine, type ServiceHost } from '../service/index';
import { permissionStatusLine } from './away-text';
import type { CliIo } from './cli-io';

async function readConfigFile(dataDir: string): Promise<DaemonConfig | null> {
  try {
    return JSON.parse(await readFile(join(dataDir, DATA_FILES.config), 'utf8')) as DaemonConfig;
  } catch {
    return null;
  }
}

async function askRunningDaemon<T = DaemonStatus>(
  port: number,
  dataDir: string,
  path = '/status',
): Promise<T | null> {
  try {
    const key = (await readFile(join(dataDir, DATA_FILES.localApiKey), 'utf8')).trim();
    const response = await request(`http://127.0.0.1:${port}${path}`, {
      headers: { authorization: `Bearer ${key}` },
      headersTimeout: 2000,
      bodyTimeout: 2000,
    });
    if (response.statusCode !== 200) {
      await response.body.dump();
      return null;
    }
    return (await response.body.json()) as T;
  } catch {
    return null;
  }
}

/** `ringback status`: whether the daemon runs and what is configured. Reads, never writes. */
export async function statusCommand(
  argv: string[],
  io: CliIo,
  service: ServiceHost = processServiceHost(io),
): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { 'data-dir': { type: 'string' } }, strict: true });
  const dataDir = resolveDataDir(values['data-dir'], io.env);
  const config = await readConfigFile(dataDir);
  const port = config?.localPort ?? DEFAULT_LOCAL_PORT;
  const live = await askRunningDaemon(port, dataDir);
  const lines: string[] = [];

  if (live) {
    lines.push(
      `Ringback daemon: running on http://127.0.0.1:${live.localPort} (pid ${live.pid}, since ${live.startedAt})`,
    );
  } else {
    lines.push(
      `Ringback daemon: not running (expected on http://127.0.0.1:${port}; start it with \`ringback run\`)`,
    );
  }
  lines.push(`Data dir: ${dataDir}${config ? '' : ' (no daemon.json yet)'}`);

  const llm = live ? live.llm : config ? readLlmChannel(config) : null;
  lines.push(
    llm
      ? `LLM: ${llm.model} at ${llm.baseUrl} (${llm.structuredOutput})`
      : 'LLM: not configured (briefs are marked failed)',
  );
  const language =
    live?.briefLanguage ??
    (await currentBriefLanguage(
      config ?? {},
      new ComputerLanguage({ platform: process.platform, env: io.env }),
    ));
  lines.push(
    `Brief language: ${language.language} (${language.source === 'app' ? 'set by an app' : 'follows the system'})`,
  );
  if (live) {
    lines.push(
      live.e2eKey
        ? `End-to-end key: set (keyId ${live.e2eKey.keyId}, ${live.e2eKey.source})`
        : 'End-to-end key: MISSING',
    );
  } else {
    lines.push(
      config?.e2e ? `End-to-end key: set (${config.e2e.source})` : 'End-to-end key: created on first run',
    );
  }
  const relay = live ? live.relay : await readRelayTarget(dataDir, config ?? {});
  const linkState = live?.relay ? (live.relay.linked ? ', linked' : ', link down (reconnecting)') : '';
  lines.push(
    relay ? `Relay: ${relay.serverUrl}${linkState}` : 'Relay: not logged in (reports wait in the outbox)',
  );
  if (live) {
    const states = Object.entries(live.outbox.byState)
      .map(([state, count]) => `${count} ${state}`)
      .join(', ');
    lines.push(`Outbox: ${live.outbox.pending} pending${states ? ` (${states})` : ''}`);
  }
  // Permission calls: the running daemon's settings and what it reads of your presence.
  const permission = live
    ? await askRunningDaemon<PermissionCallSettingsReply>(
        live.localPort,
        dataDir,
        '/settings/permission-calls',
      )
    : null;
  const permissionSettings = permission?.settings ?? readPermissionCallSettings(config ?? {});
  lines.push(permissionStatusLine(permissionSettings, permission?.presence ?? null));
  lines.push(await readLoginServiceLine(service));
  // The hook files of whoever asks: the ones `ringback install` writes.
  lines.push(...hookLines(await readHooksStatus(io.home, io.env)));
  const resumedCodex = await codexApprovalsByHook(io.home, io.env, permissionSettings, {
    onPhone: codexApprovalsOnPhone(config ?? {}),
  });
  lines.push(
    resumedCodex.byHook
      ? 'Codex sessions resumed from the phone: their approvals ring the phone'
      : `Codex sessions resumed from the phone: a command outside the sandbox is refused (${resumedCodex.why})`,
  );
  io.stdout(`${lines.join('\n')}\n`);
  return 0;
}

function hookLines(hooks: HooksStatus): string[] {
  const line = (label: string, hook: AgentHookStatus, trusted: string) => {
    if (hook.problem && !hook.installed) return `${label} hook: unknown (${hook.problem})`;
    if (!hook.installed) return `${label} hook: not installed (run \`ringback install\`)`;
    return `${label} hook: installed in ${hook.path}${trusted}`;
  };
  const trust: Record<CodexHookTrust, string> = {
    trusted: ', trusted by Codex',
    untrusted: ', NOT trusted by Codex: Codex skips it until you open Codex, type /hooks and trust it',
    modified: ', changed since Codex trusted it: Codex skips it until you trust it again in /hooks',
    disabled: ', turned off in Codex (/hooks)',
  };
  const codexTrust = hooks.codex.trust ? trust[hooks.codex.trust] : '';
  const codexProblem = hooks.codex.installed && hooks.codex.problem ? ` (${hooks.codex.problem})` : '';
  const permissionLine = (label: string, hook: AgentHookStatus): string[] => {
    // A file that could not be read is said once, on the Stop hook's line.
    if (!hook.permission) return [];
    if (!hook.permission.installed)
      return [`${label} permission hook: not installed (run \`ringback install\`)`];
    const wait = hook.permission.timeoutSeconds
      ? ` (the agent waits up to ${hook.permission.timeoutSeconds} s)`
      : '';
    const trusted = hook.permission.trust ? trust[hook.permission.trust] : '';
    return [`${label} permission hook: installed${wait}${trusted}`];
  };
  return [
    line('Claude Code', hooks.claudeCode, ''),
    ...permissionLine('Claude Code', hooks.claudeCode),
    line('Codex', hooks.codex, codexTrust + codexProblem),
    ...permissionLine('Codex', hooks.codex),
  ];
}
