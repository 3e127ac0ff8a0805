// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copyText';

/** A secure page whose async clipboard answers with `writeText`, and an `execCommand` that records. */
function page(writeText: (text: string) => Promise<void>, execCopyWorks = true) {
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  const copied: string[] = [];
  const execCommand = vi.fn((command: string) => {
    // What `copy` takes: the textarea put in the page for it.
    if (command === 'copy') copied.push(document.querySelector('textarea')?.value ?? '');
    return execCopyWorks;
  });
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
  return { copied, execCommand };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  Reflect.deleteProperty(document, 'execCommand');
  Reflect.deleteProperty(window, 'isSecureContext');
});

describe('copyText', () => {
  it('writes through the async clipboard when it is allowed', async () => {
    const written: string[] = [];
    const { execCommand } = page(async (text) => {
      written.push(text);
    });
    await copyText('ringback resume 42');
    expect(written).toEqual(['ringback resume 42']);
    expect(execCommand).not.toHaveBeenCalled();
  });

  it('falls back to a selected textarea when the write is refused (the desktop app without the permission)', async () => {
    const { copied } = page(() =>
      Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
    );
    await expect(copyText('claude --resume abc')).resolves.toBeUndefined();
    expect(copied).toEqual(['claude --resume abc']);
    // The stand-in textarea is gone again.
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('fails only when the fallback is refused too', async () => {
    page(() => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')), false);
    await expect(copyText('x')).rejects.toThrow(/refused/);
    expect(document.querySelector('textarea')).toBeNull();
  });
});
