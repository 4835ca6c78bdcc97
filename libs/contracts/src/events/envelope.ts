import { z } from 'zod';

/**
 * The envelope every domain event travels in (DESIGN.md §4). `key` is the aggregate id (client id,
 * invitation id…): the transports keep one key's events in order. `data` is checked separately
 * against the schema registered for `type` and `version` (see `eventSchemas`).
 */
export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  version: z.int().min(1),
  occurredAt: z.iso.datetime({ offset: true }),
  producer: z.string().min(1),
  key: z.string().min(1),
  data: z.unknown(),
});

export type EventEnvelope<TType extends string = string, TData = unknown> = Omit<
  z.infer<typeof eventEnvelopeSchema>,
  'type' | 'data'
> & { type: TType; data: TData };
