export const SERVICE_WORKER_URL = '/service-worker.js';

interface RegistrationEnvironment {
  navigator: Pick<Navigator, 'serviceWorker'> | { serviceWorker?: undefined };
  document: Pick<Document, 'readyState'>;
  window: Pick<Window, 'addEventListener'>;
}

/**
 * Registers the service worker once the page has loaded, so installing it (which stores the shell
 * and the seller remote's files) never competes with the first paint. A browser without service
 * workers, or one that refuses it (private mode, an insecure origin), just works online.
 */
export function registerServiceWorker(
  environment: RegistrationEnvironment = { navigator, document, window },
): void {
  const { serviceWorker } = environment.navigator;
  if (!serviceWorker) return;
  const register = () => {
    serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => {
      // Offline support is an extra: the page works the same without it.
    });
  };
  if (environment.document.readyState === 'complete') register();
  else environment.window.addEventListener('load', register, { once: true });
}
