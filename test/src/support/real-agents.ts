import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The agent versions our hook and resume commands were checked against. */
export const REAL_AGENT_VERSIONS = {
  '@anthropic-ai/claude-code': '2.1.197',
  '@openai/codex': '0.169.0',
} as const;

/**
 * The real agents are several hundred MB, so they are not dependencies that every `npm ci`
 * downloads: the real-agent tests install the pinned versions once into the checkout's npm
 * cache folder (from the npm registry) and reuse them on later runs.
 */
const INSTALL_DIR = fileURLToPath(
  new URL('../../../node_modules/.cache/ringback-real-agents', import.meta.url),
);

/** Installs (once) and returns the folder holding the `claude` and `codex` executables. */
export async function realAgentsBin(): Promise<string> {
  const bin = join(INSTALL_DIR, 'node_modules', '.bin');
  const marker = join(INSTALL_DIR, 'installed.json');
  const wanted = JSON.stringify(REAL_AGENT_VERSIONS);
  const installed = await readFile(marker, 'utf8').catch(() => '');
  if (installed === wanted && existsSync(join(bin, 'claude')) && existsSync(join(bin, 'codex'))) return bin;

  await mkdir(INSTALL_DIR, { recursive: true });
  await writeFile(join(INSTALL_DIR, 'package.json'), '{"private":true}\n');
  const specs = Object.entries(REAL_AGENT_VERSIONS).map(([name, version]) => `${name}@${version}`);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn('npm', ['install', '--no-audit', '--no-fund', '--no-save', ...specs], {
      cwd: INSTALL_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`npm install of the real agents failed:\n${text}`)),
    );
  });
  if (!existsSync(join(bin, 'claude')) || !existsSync(join(bin, 'codex')))
    throw new Error(`the real agents installed without their executables:\n${output}`);
  await writeFile(marker, wanted);
  return bin;
}
