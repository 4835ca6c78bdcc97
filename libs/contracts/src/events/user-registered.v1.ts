import { z } from 'zod';
import { USER_ROLES } from '../enums.ts';

/** A new account exists (agent or client). */
export const userRegisteredV1 = z.object({
  userId: z.string().min(1),
  email: z.email(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(USER_ROLES),
});
export type UserRegisteredV1 = z.infer<typeof userRegisteredV1>;
