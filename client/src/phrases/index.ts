export type { CallPhrases } from './call-phrases';
export { CALL_PHRASES, callPhrases, PHRASE_LANGUAGES } from './call-phrases';
export type { CallPhraseSet } from './phrase-set';
