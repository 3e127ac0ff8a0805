import { type EntryPayload, toEntryPayload } from './entry-payload';

/**
 * `outbox/segment-<seq>.json`: the payload versions (report text, then report with brief) one
 * outbox flush made durable, in one file with one fsync however many reports arrived together.
 * A later segment's version of an entry replaces an earlier one's.
 */
export interface PayloadSegment {
  version: 1;
  payloads: EntryPayload[];
}

/** A segment stays below this unless one payload alone is larger, so reading one entry stays cheap. */
export const SEGMENT_TARGET_BYTES = 1024 * 1024;

const SEGMENT_FILE = /^segment-(\d{12})\.json$/;

export function segmentFileName(seq: number): string {
  return `segment-${String(seq).padStart(12, '0')}.json`;
}

export function seqOfSegmentFile(name: string): number | null {
  const match = SEGMENT_FILE.exec(name);
  return match?.[1] ? Number(match[1]) : null;
}

export function serializeSegment(payloads: string[]): string {
  return `{"version":1,"payloads":[${payloads.join(',')}]}`;
}

export function parseSegment(text: string): EntryPayload[] {
  const value = JSON.parse(text) as Partial<PayloadSegment>;
  if (value?.version !== 1 || !Array.isArray(value.payloads)) throw new Error('not an outbox segment');
  return value.payloads.map(toEntryPayload);
}

/** Splits serialised payloads into segments of about `targetBytes` each, in order. */
export function groupIntoSegments<T extends { json: string }>(
  items: T[],
  targetBytes = SEGMENT_TARGET_BYTES,
): T[][] {
  const groups: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const item of items) {
    if (current.length > 0 && size + item.json.length > targetBytes) {
      groups.push(current);
      current = [];
      size = 0;
    }
    current.push(item);
    size += item.json.length;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}
