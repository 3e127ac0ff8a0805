import type { SpeechChannel } from '@ringback/protocol';
import { useRef, useSyncExternalStore } from 'react';
import { endpointBases } from '../../desktop/endpoint-bases';
import { endpointRouting, hostFetch } from '../../desktop/host-fetch';
import { callPhrases } from '../../phrases';
import {
  applyAssignment,
  assignSlot,
  COMPUTER_ENGINE_ID,
  type CurlImport,
  computerVoiceStatus,
  importCurl,
  onDeviceSupport,
  type PlaceholderRole,
  resolveVoice,
  TTS_ENGINES,
  type TtsEngine,
} from '../../speech';
import { clampSpeechRate, type VoiceEngineConfig } from '../../storage';
import { type VoiceEngine, VoiceSettingsPage, type VoiceValues } from '../../ui';
import { briefLanguageOf } from '../brief-language';
import { audio, speech } from '../services';
import { useSession } from '../session-context';
import { ComputerEndpointEditor } from './ComputerEndpointEditor';
import { computerVoiceNote } from './computer-readiness';
import { useComputerSetting } from './use-computer-setting';

/** Engine, its fields, voice and rate; Preview speaks one line with exactly what would be saved. */
export function VoiceScreen({ onBack }: { onBack(): void }) {
  const { settings, updateSettings } = useSession();
  const language = briefLanguageOf(settings);
  const imported = useRef<CurlImport | null>(null);
  const lastFallback = useSyncExternalStore(computerVoiceStatus.subscribe, computerVoiceStatus.get);
  const computerVoice = useComputerSetting<SpeechChannel>('/speech/settings', 'speech');
  const engineView = (engine: TtsEngine): VoiceEngine => ({
    id: engine.id,
    name: engine.name,
    category: engine.category,
    fields: engine.fields.map((field) => ({
      id: field.key,
      label: field.label,
      kind: field.kind,
      ...(field.options ? { options: field.options.map((option) => ({ ...option })) } : {}),
      ...(field.placeholder ? { placeholder: field.placeholder } : {}),
      ...(field.hint ? { hint: field.hint } : {}),
    })),
    models: engine.models.map((model) => ({ id: model.id, name: model.name })),
    voices: engine.voices(language).map((voice) => ({ id: voice.id, name: voice.name })),
    allowsCustomVoice: engine.customVoice,
    canListVoices: engine.listVoices !== undefined,
    rateRange: engine.rate ? { ...engine.rate } : null,
    ...(engine.id === 'on-device' ? { supportNote: onDeviceSupport(language).note ?? '' } : {}),
    ...(engine.id === COMPUTER_ENGINE_ID
      ? { supportNote: computerVoiceNote(computerVoice.readiness, lastFallback) }
      : {}),
  });
  const current = settings.voice.configs[settings.voice.engineId];
  const engine = TTS_ENGINES.find((candidate) => candidate.id === settings.voice.engineId) ?? TTS_ENGINES[0];

  const configOf = (values: VoiceValues): VoiceEngineConfig => {
    const saved = settings.voice.configs[values.engineId];
    const fields: Record<string, string> = { ...(saved?.values ?? {}) };
    for (const [key, value] of Object.entries(values.fields)) if (value !== '') fields[key] = value;
    const request =
      values.engineId === 'custom' && imported.current
        ? applyAssignment(imported.current.original, assignmentOf(values))
        : saved?.request;
    return { values: fields, model: values.model, voice: values.voice, ...(request ? { request } : {}) };
  };
  const optionsOf = (values: VoiceValues) => ({
    engineId: values.engineId,
    config: configOf(values) as Parameters<typeof speech.synthesize>[1]['config'],
    language,
    rate: clampSpeechRate(values.rate),
  });
  // The desktop app reaches a voice platform through main, which must know it before it is saved.
  const tryOut = (values: VoiceValues) =>
    endpointRouting.tryOut(
      endpointBases({
        ...settings,
        voice: {
          ...settings.voice,
          engineId: values.engineId,
          configs: { [values.engineId]: configOf(values) },
        },
      }),
    );

  return (
    <VoiceSettingsPage
      engines={TTS_ENGINES.map(engineView)}
      initial={{
        engineId: engine?.id ?? 'on-device',
        fields: Object.fromEntries(
          (engine?.fields ?? [])
            .filter((field) => field.kind !== 'secret')
            .map((field) => [field.key, current?.values[field.key] ?? field.default ?? '']),
        ),
        model: current?.model || engine?.models[0]?.id || '',
        voice: engine ? resolveVoice(engine, current?.voice ?? '', language) : '',
        rate: settings.voice.rate,
      }}
      savedHints={Object.fromEntries(
        (engine?.fields ?? [])
          .filter((field) => field.kind === 'secret' && current?.values[field.key])
          .map((field) => [field.key, `…${current?.values[field.key]?.slice(-4)}`]),
      )}
      onPreview={async (values) => {
        await audio.unlock();
        await tryOut(values);
        await audio.play(await speech.synthesize(callPhrases(language).preview, optionsOf(values)));
      }}
      onSave={async (values) => {
        updateSettings({
          voice: {
            engineId: values.engineId,
            rate: clampSpeechRate(values.rate),
            configs: { ...settings.voice.configs, [values.engineId]: configOf(values) },
          },
        });
      }}
      onListVoices={async (values) => {
        const chosen = TTS_ENGINES.find((candidate) => candidate.id === values.engineId);
        if (!chosen?.listVoices) return [];
        const config = configOf(values) as Parameters<typeof speech.synthesize>[1]['config'];
        await tryOut(values);
        const listed = await chosen.listVoices(config, { fetch: hostFetch });
        return listed.map((voice) => ({ id: voice.id, name: voice.name }));
      }}
      onImportCurl={(curl) => {
        const result = importCurl(curl);
        imported.current = result;
        return {
          candidates: result.slots.map((slot) => ({ id: slot.id, label: `${slot.path} = ${slot.sample}` })),
          ...(result.assignment.text ? { sentence: result.assignment.text } : {}),
          ...(result.assignment.voice ? { voice: result.assignment.voice } : {}),
          ...(result.assignment.speed ? { speed: result.assignment.speed } : {}),
        };
      }}
      onBack={onBack}
      computerSection={
        <ComputerEndpointEditor
          title="The voice on your computer"
          intro="Your computer speaks for every device with this OpenAI-compatible /audio/speech endpoint. Its key stays on the computer."
          setting={computerVoice}
          withVoice
          modelPlaceholder="tts-1"
        />
      }
    />
  );
}

/** The chip rows' choices as the template's placeholder assignment. */
function assignmentOf(values: VoiceValues) {
  let assignment = {};
  const chosen: [PlaceholderRole, string | null | undefined][] = [
    ['text', values.curl?.sentence],
    ['voice', values.curl?.voice],
    ['speed', values.curl?.speed],
  ];
  for (const [role, slot] of chosen) if (slot) assignment = assignSlot(assignment, role, slot);
  return assignment;
}
