import { createRemoteLifecycles } from '@listready/web-client/remote';
import { AgentApp, screenReady } from './agent-app.tsx';
import './remote.css';

// The only module this remote exposes: its single-spa lifecycles.
export const { bootstrap, mount, unmount } = createRemoteLifecycles(AgentApp, { beforeMount: screenReady });
