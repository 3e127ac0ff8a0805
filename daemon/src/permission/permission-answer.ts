import type { PermissionBehavior } from '@ringback/protocol';
import { Type } from 'typebox';

/**
 * Why a permission request ended as it did: `decided` (the phone's allow or deny), `disabled` or
 * `at_desk` (the gate did not ring), `timeout` (nobody decided in time), `not_paired` (no relay
 * login or no e2e key), `relay_unreachable`, `busy` (too many requests waiting already: no call),
 * `incomplete` (an allow for a request the phone could not show whole, refused), `error` (anything
 * else). Only `decided` carries a decision; every other reason leaves the agent's own approval path.
 */
export const PermissionReason = Type.Union([
  Type.Literal('decided'),
  Type.Literal('disabled'),
  Type.Literal('at_desk'),
  Type.Literal('timeout'),
  Type.Literal('not_paired'),
  Type.Literal('relay_unreachable'),
  Type.Literal('busy'),
  Type.Literal('incomplete'),
  Type.Literal('error'),
]);
export type PermissionReason = Type.Static<typeof PermissionReason>;

export const PermissionDecision = Type.Object({
  behavior: Type.Union([Type.Literal('allow'), Type.Literal('deny')]),
  message: Type.Optional(Type.String()),
});
export type PermissionDecision = { behavior: PermissionBehavior; message?: string };

/** `POST /permission-request` answers 200 with this once the request has its outcome. */
export const PermissionRequestAnswer = Type.Object({
  decision: Type.Union([PermissionDecision, Type.Null()]),
  reason: PermissionReason,
});
export type PermissionRequestAnswer = Type.Static<typeof PermissionRequestAnswer>;

export const noDecision = (reason: Exclude<PermissionReason, 'decided'>): PermissionRequestAnswer => ({
  decision: null,
  reason,
});
