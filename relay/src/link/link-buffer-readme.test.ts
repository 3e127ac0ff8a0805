import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { MAX_LINK_BUFFERED_BYTES } from './link-socket';

// relay/README.md tells operators how much may wait on a daemon's link before it is dropped.
const README = new URL('../../README.md', import.meta.url);

describe('the relay README on the daemon link', () => {
  it('names the unsent bytes a link may hold', async () => {
    const readme = (await readFile(README, 'utf8')).replace(/\s+/g, ' ');
    const megabytes = MAX_LINK_BUFFERED_BYTES / (1024 * 1024);
    expect(/a link that lets (\d+) MB pile up unsent/.exec(readme)?.[1]).toBe(String(megabytes));
  });
});
