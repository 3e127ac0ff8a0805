import type { CommandResult, CommandRunner } from './command-runner';
import type { ServiceHost } from './service-host';

/** For tests: records every command in order and answers from a script (exit 0 by default). */
export function recordingRunner(
  answer: (line: string) => Partial<CommandResult> | undefined = () => undefined,
) {
  const calls: string[][] = [];
  const run: CommandRunner = async (command, args) => {
    calls.push([command, ...args]);
    return { code: 0, stdout: '', stderr: '', ...answer([command, ...args].join(' ')) };
  };
  return { run, calls };
}

export function fakeHost(
  platform: NodeJS.Platform,
  home: string,
  run: CommandRunner,
  env: NodeJS.ProcessEnv = {},
): ServiceHost {
  return {
    platform,
    home,
    uid: 501,
    env,
    nodePath: '/opt/node/bin/node',
    cliScript: '/opt/ringback/daemon/dist/ringback.mjs',
    run,
  };
}
