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

  it('says plainly when the computer could not open this device’s requests, and what to do', () => {
    const note = computerVoiceNote(null, 'undecryptable_request');
    expect(note).toContain('could not open this device’s requests');
    expect(note).toContain('this device’s voice');
    expect(note).toContain('reload');
    expect(note).toContain('update Ringback on your computer');
    expect(note).toContain('different end-to-end keys');
    // A probe that reached the computer does not tell whether it can open this device's requests.
    expect(computerVoiceNote('ready', 'undecryptable_request')).toBe(note);
    expect(computerVoiceNote('offline', 'undecryptable_request')).toContain('not connected');
  });
});
