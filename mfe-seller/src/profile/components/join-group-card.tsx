import { useEffect, useId, useRef, useState } from 'react';
import type { UserGroup } from '@listready/contracts/journey';
import { Button, Card } from '@listready/ui';
import { profileTabPath, writeAddress } from '@listready/web-client';
import { useJoinGroup } from '../hooks/use-profile-requests.ts';
import { inviteCodeInput } from '../utils/overview-groups.ts';
import { controlClasses } from './form-field.tsx';

/**
 * Join a Group: the code is upper-cased as typed; Join waits for a code and for the last request.
 * Come by a group's invite link, the code is filled in and the card says so; once joined, the link's
 * code leaves the address (a reload does not offer it again). `onJoined` is told which group.
 */
export function JoinGroupCard({
  fromLink = null,
  onJoined,
}: {
  fromLink?: string | null;
  onJoined?: (group: UserGroup) => void;
}) {
  // The link's code comes upper-cased, as the field keeps what is typed.
  const [code, setCode] = useState(fromLink ?? '');
  const join = useJoinGroup({
    onSuccess: (group) => {
      setCode('');
      if (fromLink) writeAddress(profileTabPath('groups'), { replace: true });
      onJoined?.(group);
    },
  });
  const id = useId();
  const blank = code.trim() === '';
  // Below the person's groups: brought into view for someone who came to join.
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (fromLink) card.current?.scrollIntoView?.({ block: 'nearest' });
  }, [fromLink]);

  return (
    <Card ref={card} className="p-6" data-testid="join-group-card">
      <h2 className="text-lg font-semibold">Join a Group</h2>
      <p className="mt-1 text-sm text-ink-muted">
        {fromLink
          ? 'Your invite link filled in the code. Press Join to become a member.'
          : 'Enter the invite code someone shared with you.'}
      </p>
      <form
        className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          if (!blank && !join.isPending) join.mutate(code.trim());
        }}
      >
        <div className="min-w-0 flex-1 space-y-1.5">
          <label htmlFor={id} className="block text-sm font-medium">
            Invite code
          </label>
          <input
            id={id}
            className={`${controlClasses} font-mono tracking-widest uppercase`}
            value={code}
            maxLength={20}
            autoComplete="off"
            spellCheck={false}
            placeholder="ABCD2345"
            onChange={(event) => setCode(inviteCodeInput(event.target.value))}
          />
        </div>
        <Button type="submit" disabled={blank || join.isPending}>
          {join.isPending ? 'Joining…' : 'Join'}
        </Button>
      </form>
    </Card>
  );
}
