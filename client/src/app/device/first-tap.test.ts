import { describe, expect, it } from 'vitest';
import { onFirstTap } from './first-tap';

describe('the first tap', () => {
  it('runs the action once, inside the first touch or key press', () => {
    const page = new EventTarget();
    let runs = 0;
    onFirstTap(page, () => runs++);
    page.dispatchEvent(new Event('pointermove'));
    expect(runs).toBe(0);
    page.dispatchEvent(new Event('keydown'));
    page.dispatchEvent(new Event('pointerdown'));
    expect(runs).toBe(1);
  });

  it('stops waiting when told', () => {
    const page = new EventTarget();
    let runs = 0;
    const stop = onFirstTap(page, () => runs++);
    stop();
    page.dispatchEvent(new Event('pointerdown'));
    expect(runs).toBe(0);
  });
});
