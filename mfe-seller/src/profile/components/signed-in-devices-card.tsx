import { Laptop, Smartphone } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { SIGNED_IN_DEVICES_ANCHOR, type SignedInSession } from '@listready/contracts/auth';
import { Button, Card, LoadingSpinner } from '@listready/ui';
import { lazyDateFormat, localDayLabel, readerClockOptions } from '@listready/web-client';
import { Badge } from './badge.tsx';
import { useEndSession, useSignedInSessions, useSignOutOthers } from '../hooks/use-signed-in-sessions.ts';

const PHONE_OR_TABLET = / on (?:Android|iPhone|iPad)$/;

const timeOfDay = lazyDateFormat('en-US', readerClockOptions);

/**
 * When a session signed in: "today, 7:45 PM" for today's (two sign-ins of the same browser today
 * are told apart by their time), else the day, "Dec 1, 2026".
 */
export function signedInWhen(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const day = localDayLabel(at);
  return day === localDayLabel(now) ? `today, ${timeOfDay(at)}` : day;
}

/** When a session was last in use: "today", else the day (it is noted to the hour). */
export function lastActiveWhen(iso: string, now = new Date()): string {
  const day = localDayLabel(new Date(iso));
  return day === localDayLabel(now) ? 'today' : day;
}

/**
 * Edit Profile's third card: every device where the person is signed in (this one first), with
 * when it signed in and was last in use, each other one with its own Sign out, and Sign out of all
 * other devices — for a phone lost, a shared computer left signed in, or a password someone else
 * may know.
 */
export function SignedInDevicesCard() {
  const sessions = useSignedInSessions();
  const endOne = useEndSession();
  const endOthers = useSignOutOthers();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current);
  // Opened from the new-sign-in e-mail's link (#signed-in-devices): brought into view once the list
  // is drawn, where it then stays (scrolled sooner, the list's arrival would move it).
  const card = useRef<HTMLDivElement>(null);
  const listed = sessions.isSuccess;
  useEffect(() => {
    if (listed && window.location.hash === `#${SIGNED_IN_DEVICES_ANCHOR}`) card.current?.scrollIntoView();
  }, [listed]);

  return (
    <Card ref={card} id={SIGNED_IN_DEVICES_ANCHOR} className="scroll-mt-20 p-6">
      <h2 id="signed-in-devices-heading" className="text-lg font-semibold">
        Where you’re signed in
      </h2>
      {sessions.isPending ? (
        <div className="flex min-h-24 items-center justify-center">
          <LoadingSpinner />
        </div>
      ) : sessions.isError ? (
        <div role="alert" className="mt-3 flex flex-wrap items-center gap-3 text-sm">
          <span>We could not load the devices you are signed in on.</span>
          <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <ul aria-labelledby="signed-in-devices-heading" className="mt-3 divide-y divide-surface-border">
            {list.map((session) => (
              <DeviceRow
                key={session.id}
                session={session}
                ending={endOne.isPending && endOne.variables === session.id}
                onSignOut={() => endOne.mutate(session.id)}
              />
            ))}
          </ul>
          {others.length > 0 ? (
            <div className="mt-4 flex justify-end">
              <Button variant="outline" disabled={endOthers.isPending} onClick={() => endOthers.mutate()}>
                {endOthers.isPending ? 'Signing out…' : 'Sign out of all other devices'}
              </Button>
            </div>
          ) : (
            <p className="mt-3 text-sm text-ink-muted">You are not signed in anywhere else.</p>
          )}
        </>
      )}
    </Card>
  );
}

function DeviceRow({
  session,
  ending,
  onSignOut,
}: {
  session: SignedInSession;
  ending: boolean;
  onSignOut: () => void;
}) {
  const Icon = PHONE_OR_TABLET.test(session.device) ? Smartphone : Laptop;
  const when = signedInWhen(session.signedInAt);
  const activity = session.current
    ? 'Active now'
    : session.lastActiveAt && `Last active ${lastActiveWhen(session.lastActiveAt)}`;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3" data-testid="signed-in-device">
      <Icon aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {session.device}
          {session.current && <Badge variant="outline">This device</Badge>}
        </p>
        <p className="text-sm text-ink-muted">
          {/* A line may break before the time, not inside it ("11:29" and "PM" apart). */}
          Signed in <span className="whitespace-nowrap">{when}</span>
        </p>
        {activity && <p className="text-sm text-ink-muted">{activity}</p>}
      </div>
      {!session.current && (
        <Button
          variant="outline"
          size="sm"
          disabled={ending}
          aria-label={`Sign out ${session.device}, signed in ${when}`}
          onClick={onSignOut}
        >
          {ending ? 'Signing out…' : 'Sign out'}
        </Button>
      )}
    </li>
  );
}
