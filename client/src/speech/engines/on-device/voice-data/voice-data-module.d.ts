// Written by client/scripts/voice-data-plugin.ts at build time.
declare module 'virtual:espeak-voice-data' {
  export const VOICE_DATA_LAYOUT: import('./voice-data-layout').VoiceDataLayout;
}
