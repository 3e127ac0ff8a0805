import { useState } from 'react';

/** A form's values, how to edit them, and how to let go of the edits once they are saved. */
export type Draft<T> = [values: T, edit: (patch: Partial<T>) => void, saved: () => void];

/**
 * A form's values: the saved ones, with the user's unsaved edits on top. A field the user has not
 * edited follows `saved`, so a value that changes while the page is open (set from another device,
 * or by the computer's defaults just after pairing) shows at once, and a Save never writes the old
 * value back over it. Once saved, the edits are let go and every field follows again.
 * A page whose fields belong together edits them together.
 */
export function useDraft<T extends object>(saved: T): Draft<T> {
  const [edits, setEdits] = useState<Partial<T>>({});
  return [
    { ...saved, ...edits },
    (patch) => setEdits((current) => ({ ...current, ...patch })),
    () => setEdits({}),
  ];
}
