import { AnalyticsDashboard } from './dashboard/analytics-dashboard.tsx';

/** The analytics remote: the usage dashboard at /analytics. */
export function AnalyticsApp() {
  return <AnalyticsDashboard />;
}
