import { RelayConfigError } from '../relay-config-error';
import { isLocalHost } from './local-host';

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

/** Why a push service would refuse this subject, or null when it is fine. */
function whyRefused(subject: string): string | null {
  if (subject.startsWith('mailto:')) {
    return /^mailto:[^@\s]+@[^@\s]+$/.test(subject)
      ? null
      : 'a mailto: subject needs an address (mailto:you@example.com)';
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
  if (host === 'localhost')
    return 'it names localhost, which Apple’s push service refuses (every push to an iPhone would fail)';
  if (isLocalHost(url.hostname))
    return `it names a local address (${host}), which Apple’s push service refuses (every push to an iPhone would fail)`;
  return null;
}
