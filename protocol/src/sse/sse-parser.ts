/** One dispatched Server-Sent Event, or a comment line (`: ping`). */
export interface SseMessage {
  /** `message` when the frame names no type. */
  event: string;
  data: string;
  /** The last id seen on the stream so far (SSE ids persist across frames). */
  lastEventId: string;
}

export interface SseParser {
  /** Feeds decoded text; calls back for every complete frame and comment. */
  push(text: string): void;
}

/**
 * An incremental parser of the SSE wire format (WHATWG HTML §9.2.6), for reading a stream with
 * `fetch` where `EventSource` cannot send an Authorization header: fields `event`, `data`
 * (joined by newlines), `id`, `retry`; lines `\n`, `\r\n` or `\r`; comments start with `:`.
 */
export function createSseParser(handlers: {
  onMessage(message: SseMessage): void;
  onComment?(text: string): void;
  onRetry?(ms: number): void;
}): SseParser {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let lastEventId = '';
  let pendingCr = false;

  const dispatch = () => {
    if (data.length > 0)
      handlers.onMessage({ event: event || 'message', data: data.join('\n'), lastEventId });
    event = '';
    data = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return handlers.onComment?.(text.slice(1).trimStart());
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) lastEventId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) handlers.onRetry?.(Number(value));
  };

  return {
    push(text) {
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const char = buffer[i];
        if (char === '\n' && pendingCr) {
          // The \n of a \r\n pair whose \r ended the previous chunk.
          pendingCr = false;
          start = i + 1;
          continue;
        }
        pendingCr = false;
        if (char === '\r' || char === '\n') {
          line(buffer.slice(start, i));
          if (char === '\r') {
            if (i + 1 < buffer.length) {
              if (buffer[i + 1] === '\n') i++;
            } else {
              pendingCr = true;
            }
          }
          start = i + 1;
        }
      }
      buffer = buffer.slice(start);
    },
  };
}
