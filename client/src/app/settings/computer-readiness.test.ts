import { describe, expect, it } from 'vitest';
import { computerVoiceNote, readinessOfFailure } from './computer-readiness';

describe('what "Your computer" will do', () => {
  it('reads an unreachable computer as offline, and a refusal as nothing to say', () => {
    expect(readinessOfFailure({ code: 'device_offline' })).toBe('offline');
    expect(readinessOfFailure({ code: 'daemon_not_running' })).toBe('offline');
    expect(readinessOfFailure({ code: 'invalid_request' })).toBeNull();
    expect(readinessOfFailure(new Error('x'))).toBeNull();
  });

  it('says the call falls back to this device’s voice when the computer is offline or has none', () => {
    expect(computerVoiceNote('offline', null)).toContain('not connected');
    expect(computerVoiceNote('unset', null)).toContain('no voice set');
    expect(computerVoiceNote('ready', null)).toContain('voice set on your computer');
  });

  it('uses the last call’s fallback when the page could not ask', () => {
    expect(computerVoiceNote(null, 'device_offline')).toContain('this device’s voice');
    expect(computerVoiceNote(null, 'speech_not_configured')).toContain('no voice set');
    // What the computer says now beats what happened at the last call.
    expect(computerVoiceNote('ready', 'device_offline')).toContain('voice set on your computer');
  });

  it('says why the last call sounded mixed when the computer was busy', () => {
    expect(computerVoiceNote('ready', 'computer_busy')).toContain('busy with other requests');
    expect(computerVoiceNote(null, 'computer_busy')).toContain('busy with other requests');
    expect(computerVoiceNote('offline', 'computer_busy')).toContain('not connected');
  });
});
