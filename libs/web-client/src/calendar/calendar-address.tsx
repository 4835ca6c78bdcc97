import { Copy } from 'lucide-react';
import { Button, FormField, TextInput } from '@listready/ui';
import {
  copyCalendarAddress,
  useCalendarAlerts,
  useCalendarFeed,
  useNewCalendarAddress,
  useTurnOffCalendarAddress,
} from './use-calendar-feed.ts';

export interface CalendarAddressProps {
  /** The section's heading (an h3 inside a card, or the card's own h2). */
  heading: string;
  headingLevel?: 2 | 3;
  /** What the calendar shows, as the sentences say it: "your dated tasks", "every client's dated tasks". */
  contents: string;
}

/**
 * A person's private calendar address: make one, copy it, subscribe, replace it (revoking the old
 * one) or turn it off; and whether its events ring alerts (the `calendar` preference). The seller's
 * profile and the agent's dashboard both show it.
 */
export function CalendarAddress({ heading, headingLevel = 3, contents }: CalendarAddressProps) {
  const feed = useCalendarFeed();
  const create = useNewCalendarAddress();
  const turnOff = useTurnOffCalendarAddress();
  const alerts = useCalendarAlerts();
  const url = feed.data?.url ?? null;
  const busy = create.isPending || turnOff.isPending;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    // Space kept for the address row, so nothing below moves when it arrives.
    <section aria-labelledby="calendar-address-heading" className="min-h-36 space-y-3">
      <Heading
        id="calendar-address-heading"
        className={headingLevel === 2 ? 'text-lg font-semibold' : 'font-medium'}
      >
        {heading}
      </Heading>
      {feed.isPending ? (
        <p role="status" className="text-sm text-ink-muted">
          Loading your calendar address...
        </p>
      ) : feed.isError ? (
        <p role="alert" className="text-sm text-red-400">
          Your calendar address could not be loaded.
        </p>
      ) : url ? (
        <>
          <p className="text-sm text-ink-muted">
            Subscribe to this private address in Google, Apple or Outlook Calendar. Anyone who has it can read
            {` ${contents}`}: keep it to yourself, or make a new one.
          </p>
          <FormField id="calendar-address" label="Your private calendar address">
            {(props) => (
              <TextInput readOnly value={url} onFocus={(event) => event.target.select()} {...props} />
            )}
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={() => void copyCalendarAddress(url)}>
              <Copy aria-hidden="true" className="size-4" />
              Copy address
            </Button>
            {feed.data?.webcalUrl && (
              <Button size="sm" variant="outline" asChild>
                <a href={feed.data.webcalUrl}>Subscribe</a>
              </Button>
            )}
            <Button size="sm" variant="outline" disabled={busy} onClick={() => create.mutate()}>
              New address
            </Button>
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => turnOff.mutate()}>
              Turn off
            </Button>
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-brand"
              checked={alerts.on}
              disabled={alerts.saving}
              onChange={(event) => alerts.set(event.target.checked)}
            />
            Calendar alerts (an alert before each open task’s due day)
          </label>
        </>
      ) : (
        <>
          <p className="text-sm text-ink-muted">
            See {contents}, with their alerts, in Google, Apple or Outlook Calendar.
          </p>
          <Button size="sm" disabled={busy} onClick={() => create.mutate()}>
            Create calendar address
          </Button>
        </>
      )}
    </section>
  );
}
