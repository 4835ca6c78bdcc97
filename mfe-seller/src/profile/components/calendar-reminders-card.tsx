import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarDays, Copy } from 'lucide-react';
import {
  notificationSettingsUpdateSchema,
  type NotificationSettings,
  type NotificationSettingsUpdate,
  type PublicUser,
} from '@listready/contracts';
import { Button, Card, toast } from '@listready/ui';
import { ApiRequestError } from '@listready/web-client';
import {
  copyCalendarAddress,
  useCalendarFeed,
  useNewCalendarAddress,
  useSaveReminderSettings,
  useTurnOffCalendarAddress,
} from '../hooks/use-calendar-reminders.ts';
import { failureText } from '../hooks/use-profile-requests.ts';
import { controlClasses, FormField, TextInput } from './form-field.tsx';

const FIELDS = ['email', 'sms', 'phone', 'timezone'] as const;

/** The number on file when it is already a mobile number in international format, else empty. */
function mobileOnFile(phone: string | null): string {
  const digits = phone?.replace(/[\s().-]/g, '') ?? '';
  return /^\+[1-9]\d{7,14}$/.test(digits) ? digits : '';
}

/** The zones this browser knows, the person's own first if it is not among them. */
function useTimeZones(current: string): string[] {
  return useMemo(() => {
    const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    return known.includes(current) ? known : [current, ...known];
  }, [current]);
}

/**
 * Profile overview (issue 19): the person's private calendar address — every dated task in Google,
 * Apple or Outlook Calendar, revocable — and how they are reminded of due tasks (e-mail, SMS with
 * a mobile number, in their time zone).
 */
export function CalendarRemindersCard({ user }: { user: PublicUser }) {
  return (
    <Card className="space-y-6 p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <CalendarDays aria-hidden="true" className="size-5" />
        Calendar and reminders
      </h2>
      <CalendarAddress />
      <ReminderSettings user={user} />
    </Card>
  );
}

function CalendarAddress() {
  const feed = useCalendarFeed();
  const create = useNewCalendarAddress();
  const turnOff = useTurnOffCalendarAddress();
  const url = feed.data?.url ?? null;
  const busy = create.isPending || turnOff.isPending;

  return (
    // Space kept for the address row, so nothing below moves when it arrives.
    <section aria-labelledby="calendar-address-heading" className="min-h-36 space-y-3">
      <h3 id="calendar-address-heading" className="font-medium">
        Calendar address
      </h3>
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
            your dated tasks: keep it to yourself, or make a new one.
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
        </>
      ) : (
        <>
          <p className="text-sm text-ink-muted">
            See your dated tasks, with their reminders, in Google, Apple or Outlook Calendar.
          </p>
          <Button size="sm" disabled={busy} onClick={() => create.mutate()}>
            Create calendar address
          </Button>
        </>
      )}
    </section>
  );
}

function ReminderSettings({ user }: { user: PublicUser }) {
  const zones = useTimeZones(user.timezone);
  const form = useForm<NotificationSettingsUpdate, unknown, NotificationSettings>({
    resolver: zodResolver(notificationSettingsUpdateSchema),
    mode: 'onTouched',
    defaultValues: {
      email: user.notificationPreferences.email,
      sms: user.notificationPreferences.sms,
      phone: mobileOnFile(user.phone),
      timezone: user.timezone,
    },
  });
  const save = useSaveReminderSettings({
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 400) {
        for (const issue of error.serverError?.issues ?? []) {
          const field = FIELDS.find((name) => name === issue.path);
          if (field) form.setError(field, { type: 'server', message: issue.message });
        }
      }
      toast({
        title: 'Failed to save reminder settings',
        description: failureText(error, 'Failed to save reminder settings'),
        variant: 'destructive',
      });
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => {
    // An untouched number is not sent unless SMS needs it: the number on file stays as it is.
    save.mutate(values.sms || form.formState.dirtyFields.phone ? values : { ...values, phone: undefined });
  });

  return (
    <section aria-labelledby="reminders-heading" className="space-y-3">
      <h3 id="reminders-heading" className="font-medium">
        Reminders
      </h3>
      <p className="text-sm text-ink-muted">
        Each open task with a due date is reminded once, at 23:00 the evening before it is due, in your time
        zone.
      </p>
      <form
        noValidate
        aria-label="Reminder settings"
        className="space-y-4"
        onSubmit={(event) => void submit(event)}
      >
        <fieldset className="space-y-2">
          <legend className="sr-only">Remind me by</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-brand" {...form.register('email')} />
            E-mail reminders
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-brand" {...form.register('sms')} />
            SMS reminders
          </label>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="reminder-phone" label="Mobile number (for SMS)" error={errors.phone?.message}>
            {(props) => (
              <TextInput
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                placeholder="+1 555 123 4567"
                {...props}
                {...form.register('phone')}
              />
            )}
          </FormField>
          <FormField id="reminder-timezone" label="Time zone" error={errors.timezone?.message}>
            {(props) => (
              <select className={controlClasses} {...props} {...form.register('timezone')}>
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replaceAll('_', ' ')}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save reminder settings'}
          </Button>
        </div>
      </form>
    </section>
  );
}
