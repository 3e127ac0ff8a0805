/** Where and how large the window was, as `getNormalBounds()` gives it. */
export interface WindowBounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DEFAULT_SIZE = { width: 1100, height: 780 } as const;
const MIN_SIZE = { width: 360, height: 480 } as const;
/** How much of the window must lie on one display for the saved place to be used (its title bar). */
const MIN_VISIBLE = { width: 120, height: 40 } as const;

type Rectangle = { x: number; y: number; width: number; height: number };

/**
 * The bounds to open the window with: the saved ones when enough of them lies on a display that
 * is still attached (a monitor unplugged since would leave the window off-screen), else the
 * default size, centred by Electron. Anything malformed in the store counts as nothing saved.
 */
export function restoredBounds(
  saved: unknown,
  displays: readonly { workArea: Rectangle }[],
): Partial<WindowBounds> & { width: number; height: number } {
  if (!isBounds(saved)) return { ...DEFAULT_SIZE };
  const size = {
    width: Math.max(MIN_SIZE.width, Math.round(saved.width)),
    height: Math.max(MIN_SIZE.height, Math.round(saved.height)),
  };
  const placed = { x: Math.round(saved.x), y: Math.round(saved.y), ...size };
  const visible = displays.some(({ workArea }) => {
    const width =
      Math.min(placed.x + placed.width, workArea.x + workArea.width) - Math.max(placed.x, workArea.x);
    const height =
      Math.min(placed.y + placed.height, workArea.y + workArea.height) - Math.max(placed.y, workArea.y);
    return width >= MIN_VISIBLE.width && height >= MIN_VISIBLE.height && placed.y >= workArea.y;
  });
  return visible ? placed : size;
}

export function isBounds(value: unknown): value is WindowBounds {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (['x', 'y', 'width', 'height'] as const).every(
    (key) => typeof record[key] === 'number' && Number.isFinite(record[key]),
  );
}
