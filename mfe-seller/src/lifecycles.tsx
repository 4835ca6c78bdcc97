import { createRemoteLifecycles } from '@listready/web-client/remote';
import { screenReady, SellerApp } from './seller-app.tsx';
import './remote.css';

// The only module this remote exposes: its single-spa lifecycles.
export const { bootstrap, mount, unmount } = createRemoteLifecycles(SellerApp, { beforeMount: screenReady });
