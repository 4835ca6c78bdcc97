import { createRemoteLifecycles } from '@listready/web-client/remote';
import { screenReady, SellerApp } from './seller-app.tsx';
import './remote.css';

// The only module this remote exposes: its single-spa lifecycles, and the preparation of its pages
// the shell asks for when the user is about to open one.
export const { bootstrap, mount, unmount } = createRemoteLifecycles(SellerApp, { beforeMount: screenReady });
export { prepare } from './seller-app.tsx';
