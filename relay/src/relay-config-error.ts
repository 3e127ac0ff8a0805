/**
 * A setting the relay cannot start with (a push subject Apple refuses, a TLS file it cannot
 * read): its message says what is wrong and how to fix it, and the relay's command prints it and
 * exits 2 instead of a stack.
 */
export class RelayConfigError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RelayConfigError';
  }
}
