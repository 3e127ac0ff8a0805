import type { LlmChannel, LlmSettingsReply, StructuredOutputMode } from '@ringback/protocol';
import { useEffect, useState } from 'react';
import { listModels, normalizeBaseUrl, testConnection } from '../../llm';
import { LlmSettingsPage, type LlmValues, presetForUrl } from '../../ui';
import { useSession } from '../session-context';
import { type ComputerReadiness, computerModelNote, readinessOfFailure } from './computer-readiness';
import { writeToComputer } from './computer-writes';
import { useComputer } from './use-computer';

/** The model that answers questions in calls; saving also sets the computer's brief model (sealed, through the relay). */
export function LlmScreen({ onBack }: { onBack(): void }) {
  const { client, settings, e2eKey, updateSettings } = useSession();
  const computer = useComputer();
  // The structured-output mode only matters for briefs, so the computer holds it; a save
  // replaces its whole channel, so the page starts from what it has saved.
  const [savedMode, setSavedMode] = useState<StructuredOutputMode | undefined>();
  // The same answer says whether "Your computer" can answer questions now.
  const [computerModel, setComputerModel] = useState<ComputerReadiness | null>(null);
  const [computerChannel, setComputerChannel] = useState<LlmChannel | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per visit of the page
  useEffect(() => {
    let open = true;
    void computer<LlmSettingsReply>('GET', '/llm/settings')
      .then((reply) => {
        if (!open) return;
        if (reply?.channel) setSavedMode(reply.channel.structuredOutput);
        setComputerModel(reply?.channel ? 'ready' : 'unset');
        setComputerChannel(reply?.channel ?? null);
      })
      // An offline computer leaves the default; the page still saves (and says why that fails).
      .catch((error: unknown) => {
        if (open) setComputerModel(readinessOfFailure(error));
      });
    return () => {
      open = false;
    };
  }, []);
  const endpoint = (values: LlmValues) => {
    const baseUrl = normalizeBaseUrl(values.baseUrl);
    if (!baseUrl) throw new Error('The base address must be an http(s) address');
    return { baseUrl, apiKey: values.apiKey || settings.llm.apiKey, model: values.model };
  };
  // A phone with no model of its own shows the computer's (its key only as a hint), which is the
  // model "Your computer" answers with.
  const shown =
    !settings.llm.baseUrl && computerChannel
      ? { baseUrl: computerChannel.baseUrl, model: computerChannel.model, keyHint: computerChannel.keyHint }
      : {
          baseUrl: settings.llm.baseUrl,
          model: settings.llm.model,
          keyHint: settings.llm.apiKey ? `…${settings.llm.apiKey.slice(-4)}` : '',
        };
  const preset = presetForUrl(shown.baseUrl);
  return (
    <LlmSettingsPage
      initial={{
        baseUrl: shown.baseUrl,
        model: shown.model,
        ...(preset ? { preset } : {}),
        ...(shown.keyHint ? { apiKeyHint: shown.keyHint } : {}),
        ...(savedMode ? { structuredOutput: savedMode } : {}),
      }}
      onLoadModels={async (values) => {
        const result = await listModels(endpoint(values));
        if (!result.ok) throw new Error(result.reason);
        return result.models;
      }}
      onTest={async (values) => {
        const result = await testConnection({
          ...endpoint(values),
          structuredOutput: values.structuredOutput,
        });
        return result.ok ? { ok: true } : { ok: false, reason: result.reason };
      }}
      onSave={async (values) => {
        const llm = endpoint(values);
        if (!llm.model) throw new Error('Pick a model first');
        updateSettings({ llm });
        await writeToComputer(
          client,
          { daemonDeviceId: settings.daemonDeviceId, e2eKey },
          {
            method: 'PUT',
            path: '/llm/settings',
            body: {
              baseUrl: llm.baseUrl,
              model: llm.model,
              ...(llm.apiKey ? { apiKey: llm.apiKey } : {}),
              structuredOutput: values.structuredOutput,
            },
          },
          (daemonDeviceId) => updateSettings({ daemonDeviceId }),
        );
        setSavedMode(values.structuredOutput);
      }}
      source={{
        selected: settings.questionModelSource,
        onSelect: (questionModelSource) => updateSettings({ questionModelSource }),
        note: settings.questionModelSource === 'computer' ? computerModelNote(computerModel) : undefined,
      }}
      onBack={onBack}
    />
  );
}
