import { LogOut } from 'lucide-react';
import { Button } from '@listready/ui';
import { useLogout } from '@listready/web-client';

/**
 * The icon button at the right of the tab bar: POST /api/logout, then / whether it worked or not
 * (agent spec §7; a failure also says 'Logout failed').
 */
export function SignOutButton() {
  const logout = useLogout({ onFailure: 'leave' });
  return (
    <Button
      size="icon"
      variant="ghost"
      aria-label="Sign out"
      title="Sign out"
      disabled={logout.isPending}
      onClick={() => logout.mutate()}
    >
      <LogOut aria-hidden="true" className="size-5" />
    </Button>
  );
}
