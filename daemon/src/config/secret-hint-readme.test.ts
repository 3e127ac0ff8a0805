import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { secretHint } from './llm-channel';

// The README tells users what the local API returns in place of a saved token; it must be what
// the daemon really returns.
const README = new URL('../../../README.md', import.meta.url);

describe('the README on secret hints', () => {
  it('shows the Multica token hint in the form the daemon returns', async () => {
    const readme = await readFile(README, 'utf8');
    const hint = secretHint('mul_0123456789abcd');
    expect(hint).toBe('****…abcd');
    expect(readme).toContain(`only its hint \`${hint}\` is ever returned`);
  });
});
