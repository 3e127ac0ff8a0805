/** Splits a Host header into host name and port, handling `[::1]:8790`. */
function hostName(hostHeader: string): string | null {
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    if (end < 0) return null;
    const rest = host.slice(end + 1);
    if (rest !== '' && !/^:\d{1,5}$/.test(rest)) return null;
    return host.slice(1, end);
  }
  const match = /^([^:]+)(?::\d{1,5})?$/.exec(host);
  return match?.[1] ?? null;
}

/**
 * True for a Host naming this machine's loopback interface. Checking the Host (not the peer
 * address) is what defeats DNS rebinding: a page on evil.example resolving to 127.0.0.1
 * still sends `Host: evil.example`.
 */
export function isLoopbackHost(hostHeader: string | undefined): boolean {
  if (!hostHeader) return false;
  const name = hostName(hostHeader);
  if (name === null) return false;
  if (name === 'localhost' || name === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/** `POST /report` is stricter: only `127.0.0.1` or `localhost`, with or without a port. */
export function isIntakeHost(hostHeader: string | undefined): boolean {
  if (!hostHeader) return false;
  const name = hostName(hostHeader);
  return name === '127.0.0.1' || name === 'localhost';
}
