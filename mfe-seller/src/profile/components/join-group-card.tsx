import { useId, useState } from 'react';
import { Button, Card } from '@listready/ui';
import { useJoinGroup } from '../hooks/use-profile-requests.ts';
import { inviteCodeInput } from '../utils/overview-groups.ts';
import { controlClasses } from './form-field.tsx';

/** Join a Group: the code is upper-cased as typed; Join waits for a code and for the last request. */
export function JoinGroupCard() {
  const [code, setCode] = useState('');
  const join = useJoinGroup({ onSuccess: () => setCode('') });
  const id = useId();
  const blank = code.trim() === '';

  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">Join a Group</h2>
      <p className="mt-1 text-sm text-ink-muted">Enter the invite code someone shared with you.</p>
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
