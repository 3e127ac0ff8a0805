/** Runs every `ringback` command except `hook`; returns the exit code. */
export async function runCli(argv: string[]): Promise<number> {
  process.stderr.write(`ringback: unknown command ${argv.join(' ')}\n`);
  return 2;
}
