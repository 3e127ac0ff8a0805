/** What a command may touch of the outside world, so tests can run commands in-process. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: NodeJS.ProcessEnv;
  home: string;
  /** The node binary and the `ringback` script, written into the agents' hook commands. */
  nodePath: string;
  cliScript: string;
  /** Whether a person can answer a question on stdin. */
  stdinIsTty?: boolean;
}
