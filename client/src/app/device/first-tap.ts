/** The gestures that let a page start sound: a touch or click, or a key. */
const GESTURES = ['pointerdown', 'keydown'] as const;

/**
 * Runs `action` inside the page's first tap or key press, once: browsers start sound only from a
 * user gesture, so the page's audio is unlocked by whatever the user touches first (a call that
 * rings later then sounds at once). Returns a function that stops waiting.
 */
export function onFirstTap(
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>,
  action: () => void,
) {
  const stop = () => {
    for (const type of GESTURES) target.removeEventListener(type, handle, { capture: true });
  };
  function handle() {
    stop();
    action();
  }
  for (const type of GESTURES) target.addEventListener(type, handle, { capture: true });
  return stop;
}
