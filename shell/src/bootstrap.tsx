import { createRoot } from 'react-dom/client';
import { start } from 'single-spa';
import { createAppQueryClient, sessionQuery } from '@listready/web-client';
import { startUsageTracking } from './analytics/start-usage-tracking.ts';
import { registerRemoteApplications } from './federation/register-remote-applications.ts';
import { fetchRemoteUrls, type RemoteUrls } from './federation/remote-urls.ts';
import { ShellApp } from './shell-app.tsx';

const queryClient = createAppQueryClient();
// Usage analytics for every page and remote (spec §7): follows the session query for the user.
startUsageTracking({ queryClient });

// Ask for the session and the remote URLs at once; the frame renders meanwhile.
void queryClient.prefetchQuery(sessionQuery);
const remoteUrls = fetchRemoteUrls(window.fetch.bind(window), window.location.href).catch(
  (error: unknown): RemoteUrls => {
    console.error('Remote configuration unavailable; remote pages will show an error', error);
    return {};
  },
);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(<ShellApp queryClient={queryClient} />);

// single-spa root config: register every remote from the run-time URLs, then start routing.
void remoteUrls.then((urls) => {
  registerRemoteApplications(urls, queryClient);
  start({ urlRerouteOnly: true });
});
