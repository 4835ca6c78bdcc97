import { useState } from 'react';
import type { AgentClientRow } from '@listready/contracts/journey';
import { clientInitials } from '../utils/client-details.ts';

/** The client's photo, or their initials when there is none (or it does not load). Same size either way. */
export function ClientAvatar({ row }: { row: AgentClientRow }) {
  const [broken, setBroken] = useState(false);
  const photo = row.user.profileImageUrl;
  if (photo && !broken) {
    return (
      <img
        src={photo}
        alt=""
        width={40}
        height={40}
        onError={() => setBroken(true)}
        className="size-10 shrink-0 rounded-full object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand text-sm font-semibold text-brand-foreground"
    >
      {clientInitials(row)}
    </span>
  );
}
