import { z } from 'zod';

/** A new account exists (agent or client). */
export const userRegisteredV1 = z.object({
  userId: z.string().min(1),
  email: z.email(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(['agent', 'client']),
});
export type UserRegisteredV1 = z.infer<typeof userRegisteredV1>;
