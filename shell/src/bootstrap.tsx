import { createRoot, hydrateRoot } from 'react-dom/client';
import { start } from 'single-spa';
import { createAppQueryClient, SESSION_QUERY_KEY, sessionQuery } from '@listready/web-client';
import { startUsageTracking } from './analytics/start-usage-tracking.ts';
import { buildJourneyContractsWhenSignedIn } from './federation/build-journey-contracts.ts';
import { registerRemoteApplications } from './federation/register-remote-applications.ts';
import { fetchRemoteUrls, type RemoteUrls } from './federation/remote-urls.ts';
import { RENDERED_PATH_ATTRIBUTE } from './prerender/rendered-path.ts';
import { isAccountPage, loadAccountScreens } from './screens/account-pages.tsx';
import { registerServiceWorker } from './service-worker/register-service-worker.ts';
import { ShellApp } from './shell-app.tsx';

const queryClient = createAppQueryClient();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// A prerendered visitor's page (landing, not found) is only sent to a request without a session
// cookie: nobody is signed in, so the session is known without asking.
const renderedPath = container.getAttribute(RENDERED_PATH_ATTRIBUTE);
if (renderedPath !== null) queryClient.setQueryData(SESSION_QUERY_KEY, null);

// Usage analytics for every page and remote (spec §7): follows the session query for the user.
startUsageTracking({ queryClient });

// Ask for the session and the remote URLs at once; the frame renders meanwhile. Signed in, the
// journey contracts' schemas are built in a task of their own while the remote comes.
if (renderedPath === null) {
  void queryClient.prefetchQuery(sessionQuery);
  void buildJourneyContractsWhenSignedIn(queryClient);
}
const remoteUrls = fetchRemoteUrls(window.fetch.bind(window), window.location.href).catch(
  (error: unknown): RemoteUrls => {
    console.error('Remote configuration unavailable; remote pages will show an error', error);
    return {};
  },
);

// The plain shell page's root holds its frame as it stands while the session is asked (painted with
// the HTML); the first render replaces it, the same frame or, if the session has come, the page.
// A prerendered page is hydrated: an account form once its code is here, so the first render draws
// the form the HTML holds (what was typed meanwhile stays); without that code, rendered over. Its
// query is the one it was served at: the server picks a page by the query's shape (the reset form
// for a `token`), and the page draws nothing of the query beyond that shape.
const renderOver = () => createRoot(container).render(<ShellApp queryClient={queryClient} />);
const hydrate = (path: string) =>
  hydrateRoot(
    container,
    <ShellApp queryClient={queryClient} renderedPath={path} renderedSearch={window.location.search} />,
  );
if (renderedPath === null) renderOver();
else if (isAccountPage(renderedPath)) loadAccountScreens().then(() => hydrate(renderedPath), renderOver);
else hydrate(renderedPath);

// Installable and offline (the journey): the worker comes once the page has loaded. Not in
// development, where files change under the same names.
if (process.env.NODE_ENV === 'production') registerServiceWorker();

// single-spa root config: register every remote from the run-time URLs, then start routing.
void remoteUrls.then((urls) => {
  registerRemoteApplications(urls, queryClient);
  start({ urlRerouteOnly: true });
});
