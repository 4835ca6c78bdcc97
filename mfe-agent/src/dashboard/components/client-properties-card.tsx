import { useId, useState } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown, CircleCheck } from 'lucide-react';
import { agentClientName, type AgentClientRow } from '@listready/contracts/journey';
import { Button, Card, FormField, LoadingSpinner, TextInput } from '@listready/ui';
import { ProgressBar, StageIcon } from '@listready/ui/journey';
import { InviteClientButton } from '../../invite/invite-client-button.tsx';
import {
  CLIENT_SORTS,
  cityAndState,
  clientMatches,
  DEFAULT_CLIENT_SORT,
  nextClientSort,
  sortClients,
  type ClientSort,
  type ClientSortKey,
} from '../utils/client-details.ts';
import { lastActivityLabel } from '../utils/last-activity.ts';
import { ClientActions } from './client-actions.tsx';
import { ClientAvatar } from './client-avatar.tsx';
import { STICKY_COLUMN } from '../utils/table-styles.ts';

export const NO_CLIENTS_TITLE = 'No clients yet';
export const NO_CLIENTS_TEXT =
  'Get started by inviting your first client to begin their home preparation journey.';
/**
 * No client yet, but invitations listed under the table (ours: the spec's text would tell the agent
 * to do what they did already).
 */
export const NO_CLIENT_JOINED_TITLE = 'No client has joined yet';
export const invitationsWaitingText = (count: number) =>
  count === 1
    ? 'Your invitation is listed below until it is accepted: send it again if it was missed, or invite another client.'
    : `Your ${count} invitations are listed below until they are accepted: send one again if it was missed, or invite another client.`;

const HEAD = 'px-4 py-3 text-left text-xs font-medium tracking-wide text-ink-muted uppercase';
const CELL = 'px-4 py-3 align-middle';

function ClientRow({ row, now }: { row: AgentClientRow; now: Date }) {
  const name = agentClientName(row);
  return (
    <tr className="border-t border-surface-border" data-client-id={row.client.id}>
      <th scope="row" className={`${CELL} ${STICKY_COLUMN} text-left font-normal`}>
        <div className="flex w-44 items-center gap-3 sm:w-56">
          <ClientAvatar row={row} />
          <div className="min-w-0">
            <p className="truncate font-medium">{name}</p>
            <p className="truncate text-sm text-ink-muted">{row.user.email}</p>
          </div>
        </div>
      </th>
      <td className={CELL}>
        {row.property ? (
          <div className="w-48">
            <p className="truncate">{row.property.address}</p>
            <p className="truncate text-sm text-ink-muted">{cityAndState(row.property)}</p>
          </div>
        ) : (
          <span className="text-sm text-ink-muted">No property yet</span>
        )}
      </td>
      <td className={CELL}>
        <div className="flex w-36 items-center gap-2">
          <ProgressBar percent={row.progressPercentage} label={`Progress of ${name}`} className="w-24" />
          <span className="text-sm tabular-nums" data-testid="client-progress">
            {row.progressPercentage}%
          </span>
        </div>
      </td>
      <td className={CELL}>
        {row.currentStage ? (
          <span className="flex items-center gap-2 whitespace-nowrap">
            <StageIcon name={row.currentStage.icon} className="size-4 shrink-0 text-brand-soft" />
            {row.currentStage.name}
          </span>
        ) : (
          <span className="flex items-center gap-2 whitespace-nowrap">
            <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-green-400" />
            All stages complete
          </span>
        )}
      </td>
      <td className={`${CELL} text-sm whitespace-nowrap text-ink-muted`}>
        <time dateTime={row.client.updatedAt}>{lastActivityLabel(row.client.updatedAt, now)}</time>
      </td>
      <td className={CELL}>
        <ClientActions row={row} />
      </td>
    </tr>
  );
}

/** What the table's order is, for screen readers (the caption). */
const SORT_CAPTIONS: Record<ClientSortKey, Record<ClientSort['direction'], string>> = {
  client: { ascending: 'by name, A to Z', descending: 'by name, Z to A' },
  progress: { ascending: 'least progress first', descending: 'most progress first' },
  lastActivity: { ascending: 'least recently active first', descending: 'most recently active first' },
};
const sortCaption = (sort: ClientSort) => `Your clients, ${SORT_CAPTIONS[sort.key][sort.direction]}`;

/**
 * A column header that sorts the table: a button in the header cell, the order on the cell as
 * `aria-sort` (only the sorted column has one) and as an arrow beside the name.
 */
function SortableHead({
  column,
  sort,
  onSort,
  className = '',
}: {
  column: ClientSortKey;
  sort: ClientSort;
  onSort: (column: ClientSortKey) => void;
  className?: string;
}) {
  const sorted = sort.key === column ? sort.direction : undefined;
  const Arrow = sorted === 'ascending' ? ArrowUp : sorted === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <th scope="col" aria-sort={sorted} className={`${HEAD} ${className}`}>
      <button
        type="button"
        onClick={() => onSort(column)}
        className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-ink focus-visible:ring-2 focus-visible:ring-brand-soft focus-visible:outline-none"
      >
        {CLIENT_SORTS[column].label}
        <Arrow aria-hidden="true" className={`size-3.5 ${sorted ? 'text-ink' : 'opacity-60'}`} />
      </button>
    </th>
  );
}

/** "3 clients", "1 client". */
const clientsCounted = (count: number) => `${count} ${count === 1 ? 'client' : 'clients'}`;

/**
 * Find a client (ours, decisions.md): the rows the words match, the count said to screen readers as
 * it changes, and a way back to all of them when none match.
 */
function ClientsTable({ rows, now }: { rows: AgentClientRow[]; now: Date }) {
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<ClientSort>(DEFAULT_CLIENT_SORT);
  const sortBy = (column: ClientSortKey) => setSort((current) => nextClientSort(current, column));
  const searchId = useId();
  const shown = sortClients(
    rows.filter((row) => clientMatches(row, query)),
    sort,
  );
  const searching = query.trim() !== '';
  return (
    <>
      <div className="flex flex-wrap items-end gap-x-4 gap-y-2 border-t border-surface-border px-4 py-3 sm:px-6">
        <div className="w-full sm:max-w-sm">
          <FormField id={searchId} label="Find a client">
            {(props) => (
              <TextInput
                {...props}
                type="search"
                autoComplete="off"
                placeholder="Name, e-mail, phone or address"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
            )}
          </FormField>
        </div>
        <p role="status" className="pb-2 text-sm text-ink-muted">
          {searching ? `${shown.length} of ${clientsCounted(rows.length)}` : clientsCounted(rows.length)}
        </p>
        {/* A phone shows the Client column and part of the next: the rest is sideways. */}
        {shown.length > 0 && (
          <p className="w-full text-xs text-ink-muted sm:hidden" data-testid="clients-scroll-hint">
            Scroll the table sideways for progress, stage and actions.
          </p>
        )}
      </div>
      {shown.length === 0 ? (
        <div className="border-t border-surface-border px-6 py-12 text-center">
          <p className="font-medium">No client matches “{query.trim()}”</p>
          <p className="mx-auto mt-2 max-w-md text-sm text-ink-muted">
            Search by first or last name, e-mail, phone, street, city or state.
          </p>
          <Button className="mt-4" variant="outline" onClick={() => setQuery('')}>
            Show all clients
          </Button>
        </div>
      ) : (
        <div
          role="region"
          aria-label="Clients table"
          tabIndex={0}
          className="relative scroll-shadow-x overflow-x-auto focus-visible:ring-2 focus-visible:ring-brand-soft focus-visible:outline-none focus-visible:ring-inset"
        >
          <table className="w-full min-w-max border-collapse">
            <caption className="sr-only">{sortCaption(sort)}</caption>
            <thead>
              <tr>
                <SortableHead column="client" sort={sort} onSort={sortBy} className={STICKY_COLUMN} />
                <th scope="col" className={HEAD}>
                  Property
                </th>
                <SortableHead column="progress" sort={sort} onSort={sortBy} />
                <th scope="col" className={HEAD}>
                  Current Stage
                </th>
                <SortableHead column="lastActivity" sort={sort} onSort={sortBy} />
                <th scope="col" className={HEAD}>
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <ClientRow key={row.client.id} row={row} now={now} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/**
 * The Clients tab (agent spec §2): 'Active Client Properties' with Invite Client and the table —
 * Client, Property, Progress, Current Stage, Last Activity, Actions — under a search of ours. On a
 * narrow screen the table scrolls sideways with the Client column kept.
 */
export function ClientPropertiesCard({
  rows,
  loading,
  failed,
  onRetry,
  invitationsWaiting = 0,
  now = new Date(),
}: {
  rows: AgentClientRow[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /** Invitations listed under the table (waiting or expired); 'loading' while they are read. */
  invitationsWaiting?: number | 'loading';
  now?: Date;
}) {
  // With no client, what the card says depends on the invitations: drawn once both are in.
  const empty = rows?.length === 0;
  const listedBelow = invitationsWaiting === 'loading' ? 0 : invitationsWaiting;
  return (
    <Card role="region" aria-labelledby="client-properties-title" className="overflow-hidden">
      <div className="flex flex-wrap items-center justify-between gap-3 p-4 sm:p-6">
        <h2 id="client-properties-title" className="text-lg font-semibold">
          Active Client Properties
        </h2>
        <InviteClientButton />
      </div>
      {failed ? (
        <div role="alert" className="border-t border-surface-border p-6">
          <p>We could not load your clients.</p>
          <Button className="mt-3" variant="outline" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : loading || !rows || (empty && invitationsWaiting === 'loading') ? (
        <LoadingSpinner label="Loading your clients" className="border-t border-surface-border" />
      ) : empty ? (
        <div className="border-t border-surface-border px-6 py-12 text-center">
          <p className="font-medium">{listedBelow ? NO_CLIENT_JOINED_TITLE : NO_CLIENTS_TITLE}</p>
          <p className="mx-auto mt-2 max-w-md text-sm text-ink-muted">
            {listedBelow ? invitationsWaitingText(listedBelow) : NO_CLIENTS_TEXT}
          </p>
        </div>
      ) : (
        <ClientsTable rows={rows} now={now} />
      )}
    </Card>
  );
}
