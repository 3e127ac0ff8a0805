import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../log/logger';
import { PermissionRecords } from './permission-records';

const record = (n: number) => ({
  requestId: `req-${n}`,
  expiresAt: '2026-12-02T16:00:00.000Z',
  decided: false,
});

const DECISION = {
  replyId: 'r-1',
  behavior: 'allow',
  deviceName: "Anna's phone",
  decidedAt: 1_700_000_000_000,
} as const;

describe('PermissionRecords', () => {
  it('keeps the last 500 calls across a restart, in a file only the user can read', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ringback-permissions-'));
    const records = await PermissionRecords.open(dataDir, createMemoryLogger());
    for (let n = 0; n < 505; n += 1) await records.add(`evt-${n}`, record(n));
    await records.noteDecision('evt-504', DECISION);

    const again = await PermissionRecords.open(dataDir, createMemoryLogger());
    expect(again.get('evt-4')).toBeUndefined();
    expect(again.get('evt-5')).toEqual(record(5));
    expect(again.get('evt-504')).toEqual({ ...record(504), decided: true, decision: DECISION });
    expect((await stat(join(dataDir, 'permissions.json'))).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(join(dataDir, 'permissions.json'), 'utf8')).calls).toHaveLength(500);
  });

  it('moves an unreadable file aside, says so, and starts empty', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ringback-permissions-'));
    await writeFile(join(dataDir, 'permissions.json'), '{"calls": [tr');
    const logger = createMemoryLogger();
    const records = await PermissionRecords.open(dataDir, logger);
    expect(records.get('evt-1')).toBeUndefined();
    expect((await readdir(dataDir)).some((name) => name.startsWith('permissions.json.corrupt-'))).toBe(true);
    expect(logger.lines.some((line) => line.includes('permission call'))).toBe(true);
  });
});
