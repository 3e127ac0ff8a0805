import { describe, expect, it } from 'vitest';
import { runWithDeadline } from './run-with-deadline';

describe('runWithDeadline', () => {
  it('gives the output of a program that ends', async () => {
    expect(await runWithDeadline(process.execPath, ['-e', 'console.log(61250)'], 10_000)).toEqual({
      code: 0,
      stdout: '61250\n',
    });
  });

  it('kills a program at its deadline, and reports an absent one, without throwing', async () => {
    const started = Date.now();
    const hung = await runWithDeadline(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], 300);
    expect(hung.code).toBeNull();
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await runWithDeadline('ringback-no-such-program', [], 1000)).code).toBeNull();
  });
});
