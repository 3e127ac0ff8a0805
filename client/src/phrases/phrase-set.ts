/** The two call lines in one language. */
export interface CallPhraseSet {
  /** Read when the computer could not write a brief; the report's own text follows it. */
  noBrief: string;
  /** Spoken by the voice settings' Preview button. */
  preview: string;
}
