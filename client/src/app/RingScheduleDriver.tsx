import { ringScheduleDriving } from '@ringback/machines';
import { useEffect } from 'react';
import { createActor } from 'xstate';
import { modes, ringVerdictNow } from './ring-schedule';
import { useSession } from './session-context';

/**
 * Runs the ring schedule for this session: its verdict goes to the call queue (a silent period
 * beginning turns queued calls into missed), and it looks again whenever the modes change or the
 * clock may have jumped (the page comes back after the device slept).
 */
export function RingScheduleDriver() {
  const { session } = useSession();
  useEffect(() => {
    const actor = createActor(ringScheduleDriving(session.queue), {
      input: { modes: modes.get(), now: Date.now() },
    });
    const subscription = actor.subscribe((snapshot) =>
      ringVerdictNow.set(() => ({
        mayRing: snapshot.context.mayRing,
        nextChangeAt: snapshot.context.nextChangeAt,
      })),
    );
    actor.start();
    const unwatch = modes.subscribe(() =>
      actor.send({ type: 'modes.changed', modes: modes.get(), now: Date.now() }),
    );
    const woke = () => {
      if (document.visibilityState === 'visible') actor.send({ type: 'clock.changed', now: Date.now() });
    };
    document.addEventListener('visibilitychange', woke);
    return () => {
      document.removeEventListener('visibilitychange', woke);
      unwatch();
      subscription.unsubscribe();
      actor.stop();
    };
  }, [session]);
  return null;
}
