import { describe, expect, it } from 'vitest';
import { GuessCeiling } from './guess-ceiling';

describe('GuessCeiling', () => {
  it('takes guesses until their costs fill the budget, then refuses until the window slides past', () => {
    let now = 0;
    const ceiling = new GuessCeiling({ budget: 10, windowMs: 1000, now: () => now });
    expect(ceiling.take(4)).not.toBeNull();
    now = 100;
    expect(ceiling.take(4)).not.toBeNull();
    now = 200;
    // 8 spent: a guess costing 3 would pass 10, one costing 2 fits.
    expect(ceiling.take(3)).toBeNull();
    expect(ceiling.retryAfterMs(3)).toBe(800);
    expect(ceiling.take(2)).not.toBeNull();
    expect(ceiling.take(1)).toBeNull();
    expect(ceiling.retryAfterMs(1)).toBe(800);
    now = 1000;
    // The first guess (cost 4) left the window.
    expect(ceiling.take(4)).not.toBeNull();
    expect(ceiling.take(1)).toBeNull();
  });

  it('counts a guess as costing at least 1, and never fits one dearer than the budget', () => {
    const ceiling = new GuessCeiling({ budget: 2, windowMs: 1000, now: () => 0 });
    expect(ceiling.take(0)).not.toBeNull();
    expect(ceiling.take(0)).not.toBeNull();
    expect(ceiling.take(0)).toBeNull();
    expect(new GuessCeiling({ budget: 2, windowMs: 1000 }).take(3)).toBeNull();
    expect(new GuessCeiling({ budget: 2, windowMs: 1000 }).retryAfterMs(3)).toBe(1000);
  });

  it('gives back the cost of a guess that was right', () => {
    const ceiling = new GuessCeiling({ budget: 2, windowMs: 1000, now: () => 0 });
    ceiling.take(1);
    const right = ceiling.take(1);
    expect(ceiling.take(1)).toBeNull();
    right?.giveBack();
    expect(ceiling.take(1)).not.toBeNull();
  });
});
