import { startTransition, useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarDays } from 'lucide-react';
import {
  notificationSettingsUpdateSchema,
  type NotificationSettings,
  type NotificationSettingsUpdate,
  type PublicUser,
} from '@listready/contracts/auth';
import {
  REMINDER_LEADS,
  SMS_QUIET_HOURS,
  reminderWhenText,
  timeOfDayText,
} from '@listready/contracts/calendar';
import { Button, Card } from '@listready/ui';
import { CalendarAddress } from '@listready/web-client';
import { useSaveReminderSettings } from '../hooks/use-calendar-reminders.ts';
import { showFormFailure } from '../hooks/use-profile-requests.ts';
import { controlClasses, FormField, TextInput } from './form-field.tsx';

const FIELDS = ['email', 'sms', 'phone', 'timezone', 'reminderMinutes'] as const;

/** The number on file when it is already a mobile number in international format, else empty. */
function mobileOnFile(phone: string | null): string {
  const digits = phone?.replace(/[\s().-]/g, '') ?? '';
  return /^\+[1-9]\d{7,14}$/.test(digits) ? digits : '';
}

/**
 * The zones this browser knows, the person's own first if it is not among them. The 400-odd options
 * (and Intl's list of them) come in a background render after the profile's first commit, the
 * person's own zone standing alone until then: rendered and styled with the rest of the profile,
 * they were most of its longest task on a phone (issue 16). A transition started from an effect,
 * not `useDeferredValue`: the profile itself is drawn by a deferred render, in which a deferred
 * value mounts at its final value and would bring the options back into that render's commit.
 */
function useTimeZones(current: string): readonly string[] {
  const [complete, setComplete] = useState(false);
  useEffect(() => startTransition(() => setComplete(true)), []);
  return useMemo(() => {
    if (!complete) return [current];
    const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    return known.includes(current) ? known : [current, ...known];
  }, [complete, current]);
}

/**
 * Profile overview (issue 19): the person's private calendar address — every dated task in Google,
 * Apple or Outlook Calendar, revocable — and how they are reminded of due tasks (e-mail, SMS with
 * a mobile number, when they choose, in their time zone). An agent is sent no reminders (their
 * clients and the household members a task is assigned to are): their card is the address of every
 * linked client's dates, as on their dashboard.
 */
export function CalendarRemindersCard({ user }: { user: PublicUser }) {
  const agent = user.role === 'agent';
  return (
    <Card className="space-y-6 p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <CalendarDays aria-hidden="true" className="size-5" />
        {agent ? 'Calendar' : 'Calendar and reminders'}
      </h2>
      {agent ? (
        <>
          <CalendarAddress heading="Calendar address" contents="every linked client’s dated tasks" />
          <p className="text-sm text-ink-muted">
            Reminders of a task go to your client and to the member of their household it is assigned to; your
            calendar app’s alerts remind you.
          </p>
        </>
      ) : (
        <>
          <CalendarAddress heading="Calendar address" contents="your dated tasks" />
          <ReminderSettings user={user} />
        </>
      )}
    </Card>
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
      reminderMinutes: user.notificationPreferences.reminderMinutes,
    },
  });
  const save = useSaveReminderSettings({
    onError: (error) => {
      showFormFailure(error, {
        title: 'Failed to save reminder settings',
        fields: FIELDS,
        setError: (field, message) => form.setError(field, { type: 'server', message }),
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
        Each open task with a due date is reminded once, when you choose, in your time zone. A text is never
        sent between {timeOfDayText(SMS_QUIET_HOURS.from * 60)} and{' '}
        {timeOfDayText(SMS_QUIET_HOURS.until * 60)}: one due then waits for the morning.
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
          <FormField id="reminder-when" label="Remind me" error={errors.reminderMinutes?.message}>
            {(props) => (
              <select
                className={controlClasses}
                {...props}
                {...form.register('reminderMinutes', { valueAsNumber: true })}
              >
                {REMINDER_LEADS.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {reminderWhenText(minutes)}
                  </option>
                ))}
              </select>
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
          <FormField
            id="reminder-phone"
            label="Mobile number (for SMS)"
            hint="It becomes your profile's phone number too: one number per account."
            error={errors.phone?.message}
          >
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
