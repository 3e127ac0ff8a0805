import { describe, expect, it } from 'vitest';
import { DEFAULT_SIZE, restoredBounds } from './window-bounds';

const laptop = { workArea: { x: 0, y: 0, width: 1440, height: 900 } };
const monitorRight = { workArea: { x: 1440, y: 0, width: 2560, height: 1440 } };

describe('restoredBounds', () => {
  it('puts the window back where it was when that is on an attached display', () => {
    expect(restoredBounds({ x: 100, y: 80, width: 900, height: 700 }, [laptop])).toEqual({
      x: 100,
      y: 80,
      width: 900,
      height: 700,
    });
    expect(
      restoredBounds({ x: 2000, y: 100, width: 900, height: 700 }, [laptop, monitorRight]),
    ).toMatchObject({ x: 2000 });
  });

  it('keeps only the size when the display it was on is gone', () => {
    expect(restoredBounds({ x: 2000, y: 100, width: 900, height: 700 }, [laptop])).toEqual({
      width: 900,
      height: 700,
    });
    expect(restoredBounds({ x: 10, y: -500, width: 900, height: 300 }, [laptop])).toEqual({
      width: 900,
      height: 480,
    });
  });

  it('uses the default size when nothing usable was stored', () => {
    expect(restoredBounds(undefined, [laptop])).toEqual(DEFAULT_SIZE);
    expect(restoredBounds({ x: 'a', y: 0, width: 10, height: 10 }, [laptop])).toEqual(DEFAULT_SIZE);
    expect(restoredBounds({ x: 0, y: 0, width: Number.NaN, height: 10 }, [laptop])).toEqual(DEFAULT_SIZE);
  });

  it('never restores a window smaller than the app can be used at', () => {
    expect(restoredBounds({ x: 0, y: 0, width: 50, height: 50 }, [laptop])).toEqual({
      x: 0,
      y: 0,
      width: 360,
      height: 480,
    });
  });
});
