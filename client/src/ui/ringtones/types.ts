/** A tone as the pages show it. */
export type ToneOption = { readonly id: string; readonly name: string };
/** A tone the user added; `addedAt` (ms) orders the list newest first. */
export type CustomToneOption = ToneOption & { readonly addedAt: number };
/** A file that was not added, and why in words ("“Song” is too large (10 MB max)"). */
export type RefusedToneFile = { readonly name: string; readonly reason: string };
export type AddTonesOutcome = { readonly refused: readonly RefusedToneFile[] };
