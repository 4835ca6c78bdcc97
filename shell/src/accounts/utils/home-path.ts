import type { UserRole } from '@listready/web-client';

/** Where a signed-in user belongs (spec seller §2, /auth): agents the dashboard, everyone else the journey. */
export function homePathFor(role: UserRole): string {
  return role === 'agent' ? '/dashboard' : '/journey';
}
