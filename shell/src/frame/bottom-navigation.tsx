import type { Ref } from 'react';
import {
  BarChart3,
  ClipboardList,
  LayoutDashboard,
  LogOut,
  MonitorSmartphone,
  Route,
  User,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { UserRole } from '@listready/contracts/auth';
import { cn } from '@listready/ui';
import {
  navigate,
  openProfileTab,
  routeIntentHandlers,
  useLocationPath,
  useLogout,
  useProfileTab,
  type ProfileTab,
} from '@listready/web-client';

interface NavigationItem {
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  isCurrent?: (path: string) => boolean;
  /** The page it opens, announced before the click (route-intent.ts) so its reads can start. */
  opens?: string;
}

const profileItem = (
  label: string,
  icon: LucideIcon,
  tab: ProfileTab,
  activeTab: ProfileTab | null,
): NavigationItem => ({
  label,
  icon,
  opens: '/profile',
  // Session storage `profileActiveTab`, then /profile; when already there, the broadcast is a
  // `window` CustomEvent `profileTabChange` (the shell and the remote share one window, so no
  // BroadcastChannel, which would also reach other tabs).
  onSelect: () => openProfileTab(tab),
  isCurrent: () => activeTab === tab,
});

const pageItem = (label: string, icon: LucideIcon, path: string): NavigationItem => ({
  label,
  icon,
  opens: path,
  onSelect: () => navigate(path),
  isCurrent: (current) => current === path,
});

/**
 * Signed-in bottom navigation (spec seller §2): Journey, Profile, Groups, Custom, Logout. Profile,
 * Groups and Custom open /profile on the matching tab (session storage + broadcast). An agent has
 * no journey, groups or custom tasks of their own: their bar leads to their pages instead —
 * Dashboard, Analytics, Client Demo, Profile, Logout.
 */
export function BottomNavigation({ ref, role }: { ref?: Ref<HTMLElement>; role?: UserRole } = {}) {
  const path = useLocationPath();
  const logout = useLogout();
  const [profileTab] = useProfileTab();
  const activeTab = path === '/profile' ? profileTab : null;
  const agent = role === 'agent';
  const logoutItem: NavigationItem = { label: 'Logout', icon: LogOut, onSelect: () => logout.mutate() };
  const items: NavigationItem[] = agent
    ? [
        {
          ...pageItem('Dashboard', LayoutDashboard, '/dashboard'),
          isCurrent: (current) => ['/', '/dashboard'].includes(current),
        },
        pageItem('Analytics', BarChart3, '/analytics'),
        pageItem('Client Demo', MonitorSmartphone, '/client-demo'),
        // Their name, photo and the phone their clients' banner calls: the overview, whichever of
        // its tabs is open.
        {
          ...profileItem('Profile', User, 'overview', activeTab),
          isCurrent: (current) => current === '/profile',
        },
        logoutItem,
      ]
    : [
        pageItem('Journey', Route, '/journey'),
        profileItem('Profile', User, 'profile', activeTab),
        profileItem('Groups', Users, 'groups', activeTab),
        profileItem('Custom', ClipboardList, 'tasks', activeTab),
        logoutItem,
      ];
  return (
    <nav
      ref={ref}
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-surface-border bg-navigation print:hidden"
    >
      <ul className="mx-auto grid max-w-xl grid-cols-5">
        {items.map(({ label, icon: Icon, onSelect, isCurrent, opens }) => {
          const current = isCurrent?.(path) ?? false;
          return (
            <li key={label}>
              <button
                type="button"
                onClick={onSelect}
                {...(opens && routeIntentHandlers(opens))}
                disabled={label === 'Logout' && logout.isPending}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'flex w-full flex-col items-center gap-1 py-3 text-xs text-ink-muted transition-colors hover:text-ink',
                  'focus-visible:ring-2 focus-visible:ring-brand-soft focus-visible:outline-none focus-visible:ring-inset',
                  current && 'text-brand-soft',
                )}
              >
                <Icon aria-hidden className="size-5" />
                {label}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
