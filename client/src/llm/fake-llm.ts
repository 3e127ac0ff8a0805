import { HttpResponse, http } from 'msw';

/** Test helpers: an OpenAI-compatible endpoint faked with msw (this file is only imported by tests). */
export const FAKE_BASE = 'https://llm.test/v1';

export function sseResponse(deltas: string[], options: { finishReason?: string } = {}): Response {
  const encoder = new TextEncoder();
  const chunk = (delta: Record<string, unknown>, finish: string | null) =>
    `data: ${JSON.stringify({
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'fake-model',
      choices: [{ index: 0, delta, finish_reason: finish }],
    })}\n\n`;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(chunk({ role: 'assistant', content: '' }, null)));
      for (const delta of deltas) controller.enqueue(encoder.encode(chunk({ content: delta }, null)));
      controller.enqueue(encoder.encode(chunk({}, options.finishReason ?? 'stop')));
      controller.enqueue(encoder.encode('data: [DONE]\n\n'));
      controller.close();
    },
  });
  return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
}

export function completionResponse(content: string, model = 'fake-model'): Response {
  return HttpResponse.json({
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop' }],
  });
}

export function errorResponse(status: number, message: string): Response {
  return HttpResponse.json({ error: { message, type: 'error', code: null } }, { status });
}

export const chatRoute = (
  resolver: (body: Record<string, unknown>, request: Request) => Response | Promise<Response>,
) =>
  http.post(`${FAKE_BASE}/chat/completions`, async ({ request }) =>
    resolver((await request.clone().json()) as Record<string, unknown>, request),
  );
