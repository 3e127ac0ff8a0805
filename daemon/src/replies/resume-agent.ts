import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import type { AgentSource } from '@ringback/protocol';

/** A resumed agent that fails this fast failed to resume (bad session, missing login…). */
const EARLY_EXIT_MS = 3_000;

export interface ResumeRequest {
  source: AgentSource;
  sessionId: string;
  cwd: string;
  text: string;
}

/** The command that continues a session with the user's reply (executables overridable for tests). */
export function resumeCommand(request: ResumeRequest, env: NodeJS.ProcessEnv): [string, string[]] {
  if (request.source === 'claude-code') {
    return [env.RINGBACK_CLAUDE_BIN || 'claude', ['--resume', request.sessionId, '-p', request.text]];
  }
  return [env.RINGBACK_CODEX_BIN || 'codex', ['exec', 'resume', request.sessionId, request.text]];
}

/**
 * Starts the agent on the reply in the recorded working directory. Resolves once it runs on
 * (the turn itself takes minutes and ends in its own Stop hook); rejects with a reason when it
 * cannot start or exits with an error at once.
 */
export async function resumeAgent(request: ResumeRequest, env: NodeJS.ProcessEnv): Promise<void> {
  const [command, args] = resumeCommand(request, env);
  // spawn reports a missing cwd as ENOENT, which would read as a missing agent.
  if (!(await isDirectory(request.cwd)))
    throw new Error(`the session's working directory ${request.cwd} no longer exists`);
  return new Promise((resolve, reject) => {
    let stderr = '';
    const child = spawn(command, args, {
      cwd: request.cwd,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    const settle = setTimeout(() => {
      child.stderr?.destroy();
      child.unref();
      resolve();
    }, EARLY_EXIT_MS);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = `${stderr}${chunk.toString()}`.slice(-2000);
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(settle);
      reject(
        new Error(error.code === 'ENOENT' ? `${command} is not installed or not on PATH` : error.message),
      );
    });
    child.once('exit', (code, signal) => {
      clearTimeout(settle);
      if (code === 0) return resolve();
      const detail = stderr.trim().split('\n').slice(-3).join(' ');
      reject(new Error(`${command} exited with ${signal ?? `code ${code}`}${detail ? `: ${detail}` : ''}`));
    });
  });
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}
