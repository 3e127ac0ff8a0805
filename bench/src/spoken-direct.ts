import type { AnswerReader } from './first-sentence';

// The three calls a device makes to the user's own endpoints, on the wire as the app makes them
// (client/src/voice-input/direct-transcriber.ts, client/src/llm/answer-question.ts,
// client/src/speech/engines/openai-speech.ts). Written with plain fetch: the app's modules need a
// page's types (DOM lib, Vite's) that the bench workspace does not compile with.

export interface DirectEndpoints {
  baseUrl: string;
  apiKey: string;
  model: string;
}

/** `POST /audio/transcriptions`, multipart `file`, `model`, `language`, `response_format`. */
export async function transcribeDirectly(
  endpoint: DirectEndpoints,
  clip: Uint8Array<ArrayBuffer>,
  language: string,
): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([clip], { type: 'audio/wav' }), 'speech.wav');
  form.append('model', endpoint.model);
  form.append('language', language);
  form.append('response_format', 'json');
  const response = await fetch(`${endpoint.baseUrl}/audio/transcriptions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${endpoint.apiKey}` },
    body: form,
  });
  const body = await response.text();
  if (!response.ok) throw new Error(`speech-to-text answered ${response.status}: ${body}`);
  return String((JSON.parse(body) as { text?: unknown }).text ?? '').trim();
}

/** `POST /chat/completions` with `stream: true`, read as SSE; each content delta goes to `onDelta`. */
export function answerDirectly(
  endpoint: DirectEndpoints,
  messages: { role: 'system' | 'user'; content: string }[],
): AnswerReader {
  return async (onDelta) => {
    const response = await fetch(`${endpoint.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${endpoint.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: endpoint.model, messages, stream: true }),
    });
    if (!response.ok || !response.body) throw new Error(`the model answered ${response.status}`);
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffered += decoder.decode(chunk, { stream: true });
      for (let at = buffered.indexOf('\n'); at >= 0; at = buffered.indexOf('\n')) {
        const line = buffered.slice(0, at).trim();
        buffered = buffered.slice(at + 1);
        if (!line.startsWith('data:')) continue;
        const data = line.slice(5).trim();
        if (data === '[DONE]') return;
        const delta = (JSON.parse(data) as { choices?: { delta?: { content?: string } }[] }).choices?.[0]
          ?.delta?.content;
        // Leaving the loop cancels the body: the request is hung up.
        if (delta && onDelta(delta) === 'enough') return;
      }
    }
  };
}

/** `POST /audio/speech` with the sentence; the audio's bytes, read to the end. */
export async function synthesizeDirectly(
  endpoint: DirectEndpoints & { voice: string },
  text: string,
): Promise<Uint8Array> {
  const response = await fetch(`${endpoint.baseUrl}/audio/speech`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${endpoint.apiKey}` },
    body: JSON.stringify({
      model: endpoint.model,
      input: text,
      voice: endpoint.voice,
      response_format: 'mp3',
      speed: 1,
    }),
  });
  if (!response.ok) throw new Error(`the voice answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}
