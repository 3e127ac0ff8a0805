import { isIP } from 'node:net';
import { RelayConfigError } from '../relay-config-error';
import { whyHostNotPublic } from './local-host';

/**
 * The VAPID subject (RFC 8292): how a push service reaches whoever runs the relay, a `mailto:`
 * address or an https URL. Apple's push service refuses a subject naming a local address
 * (BadJwtToken for every push), so such a subject is refused here rather than fail every push.
 */
export type ResolvedPushSubject = { subject: string } | { off: string };

/** An operator's explicit subject that cannot work: the relay must not start with it. */
export class PushSubjectError extends RelayConfigError {
  constructor(message: string) {
    super(message);
    this.name = 'PushSubjectError';
  }
}

const HOW_TO_TURN_ON =
  'set --push-subject mailto:you@example.com (or RINGBACK_PUSH_SUBJECT), or give the relay an https --public-url that is not a local address';

/**
 * The subject to send pushes with: `explicit` (`--push-subject`, `RINGBACK_PUSH_SUBJECT`) when
 * given, which must work or this throws; else the public URL's origin when it is https and not a
 * local address; else push is off, and `off` says why and how to turn it on.
 */
export function resolvePushSubject(input: { explicit?: string; publicUrl?: string }): ResolvedPushSubject {
  if (input.explicit !== undefined) {
    const why = whyRefused(input.explicit);
    if (why)
      throw new PushSubjectError(`the push subject ${JSON.stringify(input.explicit)} cannot be used: ${why}`);
    return { subject: input.explicit };
  }
  if (input.publicUrl === undefined)
    return {
      off: `Web Push is off: the relay has no https public URL to name itself with; ${HOW_TO_TURN_ON}`,
    };
  const why = whyRefused(input.publicUrl);
  if (why)
    return {
      off: `Web Push is off: the public URL ${input.publicUrl} cannot be the push subject (${why}); ${HOW_TO_TURN_ON}`,
    };
  return { subject: new URL(input.publicUrl).origin };
}

const APPLE = 'which Apple’s push service refuses (every push to an iPhone would fail)';

/** Why a push service would refuse this subject, or null when it is fine. */
function whyRefused(subject: string): string | null {
  if (subject.startsWith('mailto:')) {
    const match = /^mailto:[^@\s]+@([^@\s]+)$/.exec(subject);
    if (!match?.[1]) return 'a mailto: subject needs an address (mailto:you@example.com)';
    const domain = match[1];
    if (/^\[.*\]$/.test(domain) || isIP(domain) !== 0)
      return `its address is at an IP address (${domain}), ${APPLE}: use an address at a mail domain (mailto:you@yourdomain.com)`;
    const why = whyHostNotPublic(domain);
    if (why)
      return `its address ${why}, ${APPLE}: use an address at a mail domain (mailto:you@yourdomain.com)`;
    return null;
  }
  let url: URL;
  try {
    url = new URL(subject);
  } catch {
    return 'it must be a mailto: address or an https URL';
  }
  if (url.protocol === 'http:') return 'a URL subject must be https';
  if (url.protocol !== 'https:') return 'it must be a mailto: address or an https URL';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost') return `it names localhost, ${APPLE}`;
  const why = whyHostNotPublic(url.hostname);
  if (why)
    return `its host ${host} ${why}, ${APPLE}: use the relay's public https address or a mailto: subject`;
  return null;
}
