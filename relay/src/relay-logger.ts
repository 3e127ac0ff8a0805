/** The relay's log: human-readable lines. Never pass a token, code or ciphertext to it. */
export interface RelayLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export function createConsoleRelayLogger(
  write: (line: string) => void = (line) => process.stderr.write(line),
): RelayLogger {
  const at = (level: string) => (message: string) =>
    write(`${new Date().toISOString()} ${level} ${message}\n`);
  return { info: at('info'), warn: at('warn'), error: at('error') };
}

export function createSilentRelayLogger(): RelayLogger & { lines: string[] } {
  const lines: string[] = [];
  const at = (level: string) => (message: string) => void lines.push(`${level} ${message}`);
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}
