/**
 * Why a sealed message would not open. `key_mismatch` means the sender used another key (the
 * user must pair again or enter the same passphrase); `tampered` means the right key but the
 * message, or the purpose it was sealed for, differs; `malformed` means it is not `e1.` text.
 */
export type OpenFailure = 'malformed' | 'key_mismatch' | 'tampered';

export class OpenError extends Error {
  readonly reason: OpenFailure;

  constructor(reason: OpenFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OpenError';
    this.reason = reason;
  }
}
