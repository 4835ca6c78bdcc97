import { Card } from '@listready/ui';
import { CalendarAddress } from '@listready/web-client';

/**
 * The agent's own calendar feed (issue 19, item 1): every linked client's dated tasks, titles led
 * by the client's name, in the agent's calendar app — the same private, revocable address as the
 * seller's profile offers.
 */
export function CalendarFeedCard() {
  return (
    <Card className="mt-6 p-6">
      <CalendarAddress
        heading="Calendar feed"
        headingLevel={2}
        contents="every linked client’s dated tasks"
      />
    </Card>
  );
}
