/** The in-call notices in the wording the spec's errors call for; the lead picks which apply. */
export const VOICE_UNAVAILABLE_NOTICE = 'Voice unavailable — switched to cards and captions';
export const ANSWER_FAILED_NOTICE = 'Could not reach your model; the report text is below';
