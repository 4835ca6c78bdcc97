import type { Executor } from '@listready/db';
import type { EventBus } from '@listready/events';
import type { UserRow } from '../users/user-repository.ts';

/**
 * `user-registered`, written to auth's outbox in the registration transaction. The journey
 * service consumes it to create the seller's `clients` row (auth never writes journey's schema);
 * analytics counts sign-ups. Key: the user id.
 */
export function publishUserRegistered(events: EventBus, tx: Executor, user: UserRow) {
  return events.publish(tx, {
    type: 'user-registered',
    key: user.id,
    data: {
      userId: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
    },
  });
}
