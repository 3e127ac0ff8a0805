import {
  Aad,
  type Brief,
  type EventReport,
  generateE2eKey,
  type RelayedEvent,
  type SealingKey,
  seal,
  sealingKeyFromText,
} from '@ringback/protocol';
import type { DeviceRecord } from '../storage/idb-key-vault';
import type { SwDevice } from './device-reader';

export const EVENT_ID = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b';
export const RECEIVED_AT = Date.parse('2026-03-01T09:00:00.000Z');

export const READY_BRIEF: Brief = {
  status: 'ready',
  language: 'en-US',
  spoken: 'I fixed the login bug, {form-of-address}. All forty tests pass. The build is green.',
  cards: [],
  conclusion: 'Nothing else.',
  pendingQuestions: [],
  criticalFacts: [],
  llmCalls: 1,
  model: 'm-1',
};

export const CLAUDE_REPORT: EventReport = {
  source: 'claude-code',
  cwd: '/home/ada/work/billing-api',
  sessionId: 'sess-1',
  text: 'Fixed the login bug. Tests pass.',
};

export const RECORD: DeviceRecord = {
  relayUrl: 'https://relay.example.com',
  deviceToken: `dev_${'t'.repeat(43)}`,
  deviceId: 'dev-phone',
  formOfAddress: 'captain',
  interfaceLanguage: 'en',
  ringModes: [],
};

/** A key pair as the phone holds it: the text sealed the call on the computer, the key opens it here. */
export async function phoneKey(): Promise<{ text: string; key: SealingKey }> {
  const text = generateE2eKey();
  return { text, key: await sealingKeyFromText(text) };
}

export async function device(record: Partial<DeviceRecord> = {}): Promise<SwDevice & { keyText: string }> {
  const { text, key } = await phoneKey();
  return { record: { ...RECORD, ...record }, key, keyText: text };
}

/** The call as `GET /v1/events/:id` answers it, sealed for `keyText`. */
export async function relayedCall(
  keyText: string,
  options: { status?: RelayedEvent['status']; report?: EventReport; brief?: Brief; eventId?: string } = {},
): Promise<RelayedEvent> {
  const eventId = options.eventId ?? EVENT_ID;
  const occurredAt = new Date(RECEIVED_AT - 1000).toISOString();
  const status = options.status ?? 'pending';
  const plaintext = {
    eventId,
    occurredAt,
    report: options.report ?? CLAUDE_REPORT,
    brief: options.brief ?? READY_BRIEF,
  };
  return {
    eventId,
    source: plaintext.report.source,
    occurredAt,
    taskId: null,
    sealed: status === 'pending' ? await seal(keyText, JSON.stringify(plaintext), Aad.report(eventId)) : null,
    status,
    handledBy: status === 'pending' ? null : { deviceId: 'dev-laptop', name: 'Laptop' },
    receivedAt: new Date(RECEIVED_AT).toISOString(),
  };
}
