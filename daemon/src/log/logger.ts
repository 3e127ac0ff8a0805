/** The daemon's log: human-readable lines on stderr. Never pass a secret to it. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export function createConsoleLogger(
  write: (line: string) => void = (line) => process.stderr.write(line),
): Logger {
  const line = (level: string, message: string) => write(`${new Date().toISOString()} ${level} ${message}\n`);
  return {
    info: (message) => line('info ', message),
    warn: (message) => line('warn ', message),
    error: (message) => line('error', message),
  };
}

/** A logger that keeps lines in memory, for tests. */
export function createMemoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (message) => lines.push(`info ${message}`),
    warn: (message) => lines.push(`warn ${message}`),
    error: (message) => lines.push(`error ${message}`),
  };
}
