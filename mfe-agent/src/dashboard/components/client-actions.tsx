import { useId } from 'react';
import { Eye, Mail, Phone } from 'lucide-react';
import { agentClientName, type AgentClientRow } from '@listready/contracts/journey';
import { Button } from '@listready/ui';
import { AppLink } from '@listready/web-client';
import { clientJourneyHref } from '../utils/client-details.ts';

const ICON = 'size-4';

/**
 * The row's three icon buttons: the client's journey (read-only), an e-mail, a call. With no phone
 * on file the call stays focusable but does nothing, and says why.
 */
export function ClientActions({ row }: { row: AgentClientRow }) {
  const name = agentClientName(row);
  const noPhoneId = useId();
  const phone = row.user.phone;
  return (
    <div className="flex items-center gap-1">
      <Button asChild size="icon" variant="ghost" title="View journey">
        <AppLink href={clientJourneyHref(row)} aria-label={`View ${name}’s journey`}>
          <Eye aria-hidden="true" className={ICON} />
        </AppLink>
      </Button>
      <Button asChild size="icon" variant="ghost" title={`Email ${row.user.email}`}>
        <a href={`mailto:${row.user.email}`} aria-label={`Email ${name}`}>
          <Mail aria-hidden="true" className={ICON} />
        </a>
      </Button>
      {phone ? (
        <Button asChild size="icon" variant="ghost" title={`Call ${phone}`}>
          <a href={`tel:${phone}`} aria-label={`Call ${name}`}>
            <Phone aria-hidden="true" className={ICON} />
          </a>
        </Button>
      ) : (
        <>
          <Button
            size="icon"
            variant="ghost"
            aria-disabled="true"
            aria-label={`Call ${name}`}
            aria-describedby={noPhoneId}
            title="No phone number on file"
            className="cursor-not-allowed text-ink-muted hover:bg-transparent"
          >
            <Phone aria-hidden="true" className={ICON} />
          </Button>
          <span id={noPhoneId} className="sr-only">
            No phone number on file
          </span>
        </>
      )}
    </div>
  );
}
