// The `ringback` executable. The hook path must stay tiny and built-ins only: it runs at the
// end of every agent turn. All other commands live in daemon.mjs, loaded on demand.
import { runPermissionHookCommand } from '../hook/permission-hook';
import { runPermissionMcpCommand } from '../hook/permission-mcp';
import { runHookCommand } from '../hook/run-hook';

const [command, ...rest] = process.argv.slice(2);

if (command === 'hook' && rest[1] === 'permission') {
  // `ringback hook <agent> permission`: the PermissionRequest hook, which waits for the phone.
  await runPermissionHookCommand(rest[0]);
} else if (command === 'hook' && rest[0] === 'claude-code' && rest[1] === 'permission-mcp') {
  // The permission-prompt tool of a Claude Code session resumed from the phone (no terminal).
  await runPermissionMcpCommand();
} else if (command === 'hook') {
  await runHookCommand(rest);
} else {
  const daemonModule = new URL('./daemon.mjs', import.meta.url).href;
  const { runCli } = (await import(daemonModule)) as { runCli: (argv: string[]) => Promise<number> };
  const code = await runCli(process.argv.slice(2));
  // A server told to stop has closed what it owns; a stray socket must not keep it alive.
  if (command === 'run' || command === 'relay' || command === 'up') process.exit(code);
  process.exitCode = code;
}
