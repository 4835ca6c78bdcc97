import { useState } from 'react';
import { Plus } from 'lucide-react';
import { Button, lazyDialog } from '@listready/ui';
import type { JourneyStage } from '@listready/contracts/journey';
import { useClientProfile } from '../hooks/use-journey-queries.ts';
import { useHouseholdMemberNames, useJourneyUrl, type JourneyOwner } from '../hooks/use-household.ts';
import { CUSTOM_TASKS_URL } from '../utils/journey-api.ts';

/* The form (react-hook-form, the contracts' resolver) is fetched when it first opens. */
const LazyTaskFormDialog = lazyDialog(
  async () => (await import('../../profile/components/personal-task-form-dialog.tsx')).PersonalTaskFormDialog,
);

/**
 * Add Task under the journey: a custom task on the journey the page shows. On a household's, the
 * seller's for the whole household (a member had no way to add one: the profile's Custom Tasks are
 * the person's own); on their own, the same as the profile's Add Task.
 */
export function AddJourneyTask({ stages, owner }: { stages: readonly JourneyStage[]; owner: JourneyOwner }) {
  const [open, setOpen] = useState(false);
  const { url } = useJourneyUrl(CUSTOM_TASKS_URL);
  // The journey's seller (the profile names them), whose household's people are offered.
  // Read once the form opens (the banner may have the profile already: the groups wait too).
  const profile = useClientProfile(open);
  const memberNames = useHouseholdMemberNames(open ? profile.data?.client.userId : undefined);
  const whose =
    owner.kind === 'household'
      ? `A task on ${owner.ownerName ? `${owner.ownerName}’s` : 'this'} journey, for the whole household.`
      : 'A task of your own, beside the journey’s.';
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" className="size-4" />
        Add Task
      </Button>
      {/* Mounted while open: each Add Task starts a fresh form (and a fresh task id); the dialog
          gives the focus back to the button as it closes. */}
      {open && (
        <LazyTaskFormDialog
          open
          onOpenChange={setOpen}
          addTo={{ url, description: whose }}
          stages={stages.map((stage) => ({ id: stage.id, title: stage.title }))}
          memberNames={memberNames}
        />
      )}
    </>
  );
}
