import type { AudioOutput } from '../../speech';

/**
 * How long unlocking the audio may take before the page asks for a tap. A browser that allows
 * sound resumes its AudioContext in a few milliseconds; one that wants a gesture first leaves the
 * resume pending (Chrome) or refuses it (Safari).
 */
export const SOUND_UNLOCK_WAIT_MS = 600;

/** Whether sound can start without a tap now: the audio output's unlock succeeds in time. */
export async function soundStartsWithoutTap(
  audio: Pick<AudioOutput, 'unlock'>,
  ms = SOUND_UNLOCK_WAIT_MS,
): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const unlocked = audio.unlock().then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([unlocked, late]);
  } finally {
    clearTimeout(timer);
  }
}
