export type PairCodeValues = { server: string; code: string; passphrase: string };
export type PairCodeErrors = Partial<Record<keyof PairCodeValues, string>>;

/** The e2e key is derived from the passphrase, so it must match the computer's (≥ 12 characters). */
export const MIN_PASSPHRASE_LENGTH = 12;

/** Checks the code form before the lead's pairing flow sees it; returns one message per bad field. */
export function validatePairCode(values: PairCodeValues): PairCodeErrors {
  const errors: PairCodeErrors = {};
  const server = values.server.trim();
  if (!server) errors.server = 'Enter the server address.';
  else if (!/^https?:\/\/[^\s/]+/i.test(server))
    errors.server = 'The address starts with http:// or https://.';
  if (!/^\d{6}$/.test(values.code.replace(/\s/g, ''))) errors.code = 'The code has 6 digits.';
  if (values.passphrase.length < MIN_PASSPHRASE_LENGTH)
    errors.passphrase = `The passphrase has at least ${MIN_PASSPHRASE_LENGTH} characters.`;
  return errors;
}
