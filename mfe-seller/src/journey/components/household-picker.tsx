import { useId, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Home } from 'lucide-react';
import type { Household } from '@listready/contracts/journey';
import { useSession } from '@listready/web-client';
import { useHouseholds } from '../hooks/use-household.ts';
import { HOUSEHOLDS_URL } from '../utils/journey-api.ts';
import {
  readHouseholdChoice,
  subscribeHouseholdChoice,
  writeHouseholdChoice,
} from '../utils/household-choice.ts';

export const householdLabel = (household: Household) =>
  household.own
    ? 'My home'
    : `${household.ownerName}’s home${household.groupName ? ` (${household.groupName})` : ''}`;

/**
 * Shown only to someone with more than one journey (their own and a household's, or two
 * households): which one the journey screen works on. The choice is kept for next time.
 *
 * The list is read again when the select takes focus (the person is about to choose).
 *
 * `lost`: the household whose journey the server has just refused (the person was removed while it
 * was on screen, and the screen says so). It is not offered, nothing is shown as chosen until
 * another journey is, and choosing one reads the households again.
 */
export function HouseholdPicker({ lost }: { lost?: string | undefined }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const households = useHouseholds(session.status === 'signed-in');
  const stored = useSyncExternalStore(subscribeHouseholdChoice, readHouseholdChoice, () => null);
  const id = useId();
  const list = (households.data ?? []).filter((household) => household.clientId !== lost);
  if (list.length < 2) return null;
  // The server's default when nothing (or something no longer valid) is chosen: the first entry.
  const selected =
    lost === undefined ? (list.find((household) => household.clientId === stored) ?? list[0]) : undefined;
  const readHouseholdsAgain = () => void queryClient.invalidateQueries({ queryKey: [HOUSEHOLDS_URL] });
  const choose = (clientId: string) => {
    writeHouseholdChoice(clientId);
    if (lost !== undefined) readHouseholdsAgain();
  };

  // On a phone the select has a line of its own under "Working on": beside it, a home's name with
  // its group's ("Hazel Owner’s home (The Owners)") was cut off in the closed select.
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-xl border border-surface-border bg-surface px-4 py-3">
      <Home aria-hidden="true" className="size-4 text-brand-soft" />
      <label htmlFor={id} className="text-sm font-medium">
        Working on
      </label>
      <select
        id={id}
        className="min-w-0 basis-full rounded-md border border-surface-border bg-page p-2 text-sm text-ink sm:flex-1"
        value={selected?.clientId ?? ''}
        onChange={(event) => choose(event.target.value)}
        // About to choose: the list is read again, so a household the person has left or been
        // removed from since the page loaded (while on another journey, whose live stream does not
        // carry it) is not offered, and one they have joined is.
        onFocus={readHouseholdsAgain}
      >
        {selected === undefined && (
          <option value="" disabled>
            Choose a home
          </option>
        )}
        {list.map((household) => (
          <option key={household.clientId} value={household.clientId}>
            {householdLabel(household)}
          </option>
        ))}
      </select>
    </div>
  );
}
