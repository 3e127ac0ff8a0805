import { useCallback, useEffect, useState } from 'react';
import { useText } from '../../i18n';
import {
  backgroundSupport,
  type PushHeld,
  type RelayPush,
  readDeviceFacts,
  turnOnBackgroundRinging,
} from '../../push';
import { RelayError } from '../../relay';
import { BackgroundRingingPage } from '../../ui';
import { useSession } from '../session-context';
import { askPushHeld, knownPushHeld, rememberPushHeld } from './push-held';

/** What asking the relay for its push key told: its key, its reason for sending none, or no answer. */
function relayPushOf(error: unknown): RelayPush {
  const reason = error instanceof Error ? error.message : String(error);
  if (error instanceof RelayError && error.code === 'push_unavailable')
    return { state: 'unavailable', reason };
  return { state: 'unreachable', reason };
}

/**
 * Background ringing: asks the relay whether it sends pushes and whether it holds this device's
 * subscription (on only when it does; checking while asked, not known when it cannot be), and
 * whether it refused this browser's push service before; reads what this device allows (again
 * whenever the page shows, since permission changes in the browser's settings), and turns the
 * push subscription on (asking for notification permission within the tap) or off.
 */
export function BackgroundRingingScreen({ onBack }: { onBack(): void }) {
  const { client, push, settings, updateSettings } = useSession();
  const t = useText();
  const [relay, setRelay] = useState<RelayPush>({ state: 'checking' });
  // Whether the relay holds a subscription for this device: "on" is said only when it does (it
  // drops one the push service refuses, and then nothing rings here with the app closed).
  const [relayHolds, setRelayHolds] = useState<PushHeld>(() => knownPushHeld(client));
  // The relay's reason when it refused this browser's push service for good: said until a tap succeeds.
  const [refusal, setRefusal] = useState<string | null>(null);
  const [facts, setFacts] = useState(() => readDeviceFacts());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const askRelay = useCallback(() => {
    setRelay({ state: 'checking' });
    client.pushKey().then(
      ({ publicKey }) => setRelay({ state: 'available', publicKey }),
      (failure: unknown) => setRelay(relayPushOf(failure)),
    );
    // Not known (the relay cannot be asked): not said to be on, nor off.
    setRelayHolds(knownPushHeld(client));
    void askPushHeld(client).then(setRelayHolds);
    push.refusal().then(setRefusal, () => setRefusal(null));
  }, [client, push]);
  useEffect(askRelay, [askRelay]);

  useEffect(() => {
    const reread = () => setFacts(readDeviceFacts());
    document.addEventListener('visibilitychange', reread);
    // Where the browser reports permission changes, follow them while the page is open.
    let status: PermissionStatus | null = null;
    let live = true;
    void navigator.permissions
      ?.query({ name: 'notifications' })
      .then((found) => {
        if (!live) return;
        status = found;
        found.addEventListener('change', reread);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', reread);
      status?.removeEventListener('change', reread);
    };
  }, []);

  const support = backgroundSupport(facts, relay, {
    chosen: settings.backgroundRinging,
    held: relayHolds,
    refusal,
  });

  const turnOn = () => {
    if (relay.state !== 'available' || typeof Notification !== 'function') return;
    setBusy(true);
    setError(null);
    // Called in the tap's own turn: the permission prompt needs the gesture.
    turnOnBackgroundRinging(Notification, push, relay.publicKey)
      .then((outcome) => {
        if (outcome.on) {
          setRelayHolds('held');
          rememberPushHeld(client, 'held');
          setRefusal(null);
          updateSettings({ backgroundRinging: true });
        } else if (outcome.permission === 'default')
          setError(t('Notifications were not allowed, so background ringing stays off.'));
      })
      .catch((failure: unknown) => {
        if (failure instanceof RelayError && failure.code === 'push_unavailable')
          setRelay(relayPushOf(failure));
        else if (failure instanceof RelayError && failure.code === 'push_endpoint_refused')
          setRefusal(failure.message);
        else setError(t('Could not turn it on: {message}', { message: messageOf(failure) }));
      })
      .finally(() => {
        setFacts(readDeviceFacts());
        setBusy(false);
      });
  };

  const turnOff = () => {
    setBusy(true);
    setError(null);
    // Off here at once: this device stops wanting pushes whether or not the relay hears of it now.
    updateSettings({ backgroundRinging: false });
    setRelayHolds('not-held');
    rememberPushHeld(client, 'not-held');
    push
      .unsubscribe()
      .catch((failure: unknown) =>
        setError(
          t(
            'Turned off on this device. The relay could not be told now ({message}); it stops when its next push here is refused.',
            {
              message: messageOf(failure),
            },
          ),
        ),
      )
      .finally(() => setBusy(false));
  };

  return (
    <BackgroundRingingPage
      support={support}
      busy={busy}
      error={error}
      onToggle={(on) => (on ? turnOn() : turnOff())}
      onRetry={askRelay}
      onBack={onBack}
    />
  );
}

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));
