import { z } from 'zod';

/** Every non-optional task of a stage is completed; the next stage is now in progress. */
export const stageCompletedV1 = z.object({
  clientId: z.string().min(1),
  stageId: z.string().min(1),
  stageName: z.string(),
});
export type StageCompletedV1 = z.infer<typeof stageCompletedV1>;
