import { Type } from 'typebox';

/**
 * Sent by the relay process to the process that started it (`ringback relay`, `ringback up`)
 * over its IPC channel, once it listens.
 */
export const RelayReady = Type.Object({
  type: Type.Literal('relay-ready'),
  url: Type.String(),
  port: Type.Integer(),
  /** The one-time claim code while the private relay has no owner; null after. */
  claimCode: Type.Union([Type.String(), Type.Null()]),
});
export type RelayReady = Type.Static<typeof RelayReady>;
