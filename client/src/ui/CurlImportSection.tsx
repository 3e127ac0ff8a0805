import { useId, useState } from 'react';
import { useText } from '../i18n';
import { errorText } from './useAsyncStatus';
import type { CurlCandidate, CurlImportResult, CurlMapping } from './voiceTypes';

export type Props = {
  mapping: CurlMapping | undefined;
  onImportCurl: (curl: string) => Promise<CurlImportResult> | CurlImportResult;
  onChange: (mapping: CurlMapping) => void;
};

type Role = 'sentence' | 'voice' | 'speed';
const ROLES: { role: Role; label: string; optional: boolean }[] = [
  { role: 'sentence', label: 'Which value is the sentence?', optional: false },
  { role: 'voice', label: 'Which value is the voice?', optional: true },
  { role: 'speed', label: 'Which value is the speed?', optional: true },
];

/** Custom HTTP engine: paste a working cURL command, then point at the sentence, voice and speed. */
export function CurlImportSection({ mapping, onImportCurl, onChange }: Props) {
  const t = useText();
  const id = useId();
  const [curl, setCurl] = useState(mapping?.curl ?? '');
  const [candidates, setCandidates] = useState<CurlCandidate[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  async function importCurl() {
    setProblem(null);
    try {
      const result = await onImportCurl(curl);
      setCandidates(result.candidates);
      if (result.candidates.length === 0) setProblem(t('No values were found in that command.'));
      onChange({
        curl,
        sentence: result.sentence ?? null,
        voice: result.voice ?? null,
        speed: result.speed ?? null,
      });
    } catch (error) {
      setCandidates([]);
      setProblem(errorText(error));
    }
  }

  return (
    <div className="rb-field">
      <label className="rb-label" htmlFor={`${id}-curl`}>
        {t('Paste a cURL command')}
      </label>
      <textarea
        id={`${id}-curl`}
        className="rb-textarea rb-link-input"
        placeholder={
          'curl https://tts.example.com/v1/speech -H \'Authorization: Bearer …\' -d \'{"text":"Hello"}\''
        }
        value={curl}
        onChange={(e) => setCurl(e.target.value)}
        rows={4}
      />
      <div className="rb-form-actions">
        <button type="button" className="rb-btn" onClick={importCurl} disabled={!curl.trim()}>
          {t('Import')}
        </button>
      </div>
      {problem && (
        <p role="alert" className="rb-error">
          {problem}
        </p>
      )}
      {mapping &&
        candidates.length > 0 &&
        ROLES.map(({ role, label, optional }) => (
          <fieldset key={role} className="rb-chip-row">
            <legend>{t(label)}</legend>
            {optional && (
              <label className="rb-chip">
                <input
                  type="radio"
                  className="rb-visually-hidden"
                  name={`${id}-${role}`}
                  checked={mapping[role] === null}
                  onChange={() => onChange({ ...mapping, [role]: null })}
                />
                {t('None')}
              </label>
            )}
            {candidates.map((candidate) => (
              <label key={candidate.id} className="rb-chip" title={candidate.label}>
                <input
                  type="radio"
                  className="rb-visually-hidden"
                  name={`${id}-${role}`}
                  checked={mapping[role] === candidate.id}
                  onChange={() => onChange({ ...mapping, [role]: candidate.id })}
                />
                {candidate.label}
              </label>
            ))}
          </fieldset>
        ))}
    </div>
  );
}
