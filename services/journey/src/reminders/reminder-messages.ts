import type { EmailMessage, SmsMessage } from '@listready/messaging';
import { configuredOrigin } from '@listready/service-kit';
import type { DatedTask } from '../calendar/dated-tasks.ts';
import type { ReminderRecipient } from './reminder-recipients.ts';
import { dueWording } from './reminder-times.ts';

/** SMS are kept to one segment's worth of title, so a long custom title cannot split the message. */
const SMS_TITLE_MAX = 60;

const journeyLink = (task: DatedTask, recipient: ReminderRecipient, origin: string | null) => {
  if (!origin) return null;
  return recipient.userId === task.sellerUserId
    ? `${origin}/journey`
    : `${origin}/journey?clientId=${task.clientId}`;
};

/** The reminder e-mail: what is due when (in the recipient's zone), whose home, where to tick it off. */
export function reminderEmail(
  task: DatedTask,
  recipient: ReminderRecipient,
  now: Date,
  publicUrl: string | undefined,
): EmailMessage {
  const when = dueWording(task.dueDate, recipient.timezone, now);
  const own = recipient.userId === task.sellerUserId;
  const origin = configuredOrigin(publicUrl);
  const link = journeyLink(task, recipient, origin);
  const lines = [
    `Hi ${recipient.firstName},`,
    '',
    `“${task.title}”${task.stageName ? ` (${task.stageName})` : ''} is due ${when}${own ? '' : ` on ${task.sellerName}’s journey`}.`,
    ...(task.assignedTo ? [`Assigned to: ${task.assignedTo}`] : []),
    '',
    link ? `Mark it done or move it: ${link}` : 'Mark it done or move it on your ListReady journey.',
    '',
    'You get this because e-mail reminders are on in your ListReady profile.',
    // Where to turn them off or choose when they come, one click away (the profile's overview).
    origin
      ? `Turn them off or choose when they come: ${origin}/profile?tab=overview`
      : 'Turn them off or choose when they come on your ListReady profile.',
  ];
  return {
    to: recipient.email,
    subject: `Reminder: ${task.title} is due ${when}`,
    text: lines.join('\n'),
  };
}

export function reminderSms(
  task: DatedTask,
  recipient: ReminderRecipient,
  now: Date,
  phone: string,
): SmsMessage {
  const title = task.title.length > SMS_TITLE_MAX ? `${task.title.slice(0, SMS_TITLE_MAX - 1)}…` : task.title;
  const when = dueWording(task.dueDate, recipient.timezone, now);
  return {
    to: phone,
    body: `ListReady reminder: “${title}” is due ${when}. Reply DONE, SNOOZE or a number of days.`,
  };
}
