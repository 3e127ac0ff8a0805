import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openPermissionRequest, sealPermissionRequest } from './request-seal';

const secret = randomBytes(32);
const body = JSON.stringify({ toolName: 'Bash', subject: 'npm publish --access public' });

describe('a sealed permission request', () => {
  it('opens for the daemon holding the key, for the nonce and agent it was sealed for', () => {
    const sealed = sealPermissionRequest(secret, 'nonce-1', 'codex', body);
    expect(sealed.toString('latin1')).not.toContain('npm publish');
    expect(openPermissionRequest(secret, 'nonce-1', 'codex', sealed)).toBe(body);
  });

  it('does not open under another key, nonce or agent, or altered', () => {
    const sealed = sealPermissionRequest(secret, 'nonce-1', 'codex', body);
    expect(openPermissionRequest(randomBytes(32), 'nonce-1', 'codex', sealed)).toBeNull();
    expect(openPermissionRequest(secret, 'nonce-2', 'codex', sealed)).toBeNull();
    expect(openPermissionRequest(secret, 'nonce-1', 'claude-code', sealed)).toBeNull();
    const altered = Buffer.from(sealed);
    altered[20] = (altered[20] ?? 0) ^ 1;
    expect(openPermissionRequest(secret, 'nonce-1', 'codex', altered)).toBeNull();
    expect(openPermissionRequest(secret, 'nonce-1', 'codex', Buffer.alloc(10))).toBeNull();
  });
});
