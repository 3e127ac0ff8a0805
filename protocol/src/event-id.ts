import { randomBytes } from './crypto/random-bytes';

/**
 * Event ids are UUIDv7 (RFC 9562 §5.7): they sort by creation time, so the relay's index and the
 * outbox list stay in arrival order. Within one millisecond this process keeps them in creation
 * order with a 42-bit counter (rand_a and the top 30 bits of rand_b, RFC 9562 §6.2 method 1),
 * seeded randomly each millisecond with its top bit clear so it cannot realistically overflow.
 */

const COUNTER_LOW_BITS = 30;
const COUNTER_LIMIT = 2 ** 42;
const MAX_TIMESTAMP = 2 ** 48 - 1;
/**
 * A clock stepped back by less than this (NTP slew, a VM resuming) keeps the last timestamp so ids
 * stay ordered; a bigger jump is taken as a deliberate time and used as given.
 */
const ROLLBACK_ALLOWANCE_MS = 10_000;
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

let lastTimestamp = -1;
let counter = 0;

function hex(value: number, digits: number): string {
  return value.toString(16).padStart(digits, '0');
}

function randomWords(): [number, number, number] {
  const bytes = randomBytes(12);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return [view.getUint32(0), view.getUint32(4), view.getUint32(8)];
}

/** 41 random bits: the counter's top bit stays clear, leaving 2^41 increments of headroom. */
function seedCounter(words: [number, number, number]): number {
  return (words[1] & 0x1ff) * 2 ** 32 + words[2];
}

export function newEventId(now: number = Date.now()): string {
  const requested = Math.floor(now);
  if (!(requested >= 0 && requested <= MAX_TIMESTAMP)) {
    throw new RangeError(`an event id time is a millisecond count from 0 to 2^48 - 1, not ${now}`);
  }
  const words = randomWords();
  if (requested > lastTimestamp || requested < lastTimestamp - ROLLBACK_ALLOWANCE_MS) {
    lastTimestamp = requested;
    counter = seedCounter(words);
  } else {
    counter += 1;
    if (counter >= COUNTER_LIMIT) {
      // RFC 9562 §6.2: on counter overflow, borrow the next millisecond.
      lastTimestamp += 1;
      counter = seedCounter(words);
    }
  }

  const timestamp = hex(lastTimestamp, 12);
  const randA = Math.floor(counter / 2 ** COUNTER_LOW_BITS);
  const counterLow = counter % 2 ** COUNTER_LOW_BITS;
  return [
    timestamp.slice(0, 8),
    timestamp.slice(8),
    `7${hex(randA, 3)}`,
    hex(0x8000 | (counterLow >>> 16), 4),
    hex(counterLow & 0xffff, 4) + hex(words[0], 8),
  ].join('-');
}

export function isEventId(id: string): boolean {
  return typeof id === 'string' && UUID_V7.test(id);
}

/** The millisecond timestamp a UUIDv7 carries. Throws RangeError for anything else. */
export function eventIdTime(id: string): number {
  if (!isEventId(id)) throw new RangeError('not a UUIDv7 event id');
  return Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}
