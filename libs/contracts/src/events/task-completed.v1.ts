import { z } from 'zod';

/** A seller completed a task (predefined, client or custom); analytics and the agent's view react. */
export const taskCompletedV1 = z.object({
  clientId: z.string().min(1),
  taskId: z.string().min(1),
  title: z.string(),
  stageId: z.string().min(1),
  stageName: z.string(),
  completedAt: z.iso.datetime({ offset: true }),
});
export type TaskCompletedV1 = z.infer<typeof taskCompletedV1>;
