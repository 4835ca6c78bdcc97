import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAppQueryClient } from '../api/query-client.ts';
import { createRemoteLifecycles } from './remote-lifecycles.tsx';

const Screen = () => <h1>The screen</h1>;

type Lifecycles = ReturnType<typeof createRemoteLifecycles>;

/** A fresh element, and the props single-spa would mount a remote into it with. */
function mountInto() {
  const element = document.createElement('div');
  document.body.append(element);
  const props = {
    name: 'test-remote',
    queryClient: createAppQueryClient(),
    domElementGetter: () => element,
    // What single-spa adds to every application's props.
    singleSpa: {},
    mountParcel: () => undefined,
  } as unknown as Parameters<Lifecycles['mount']>[0];
  return { element, props };
}

const deferred = () => {
  let resolve: () => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
};

// Mounted as single-spa mounts it, on React's own scheduler: a mount resolves once the root has
// rendered, which act() would hold back until the mount resolved.
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const wasActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
beforeAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
});
afterEach(() => {
  document.body.replaceChildren();
});

describe('createRemoteLifecycles', () => {
  it('renders nothing until beforeMount has settled, then the screen', async () => {
    const screenCode = deferred();
    const lifecycles = createRemoteLifecycles(Screen, { beforeMount: () => screenCode.promise });
    const { element, props } = mountInto();
    await lifecycles.bootstrap(props);
    const mounted = lifecycles.mount(props);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(element.textContent).toBe('');
    screenCode.resolve();
    await mounted;
    expect(element.textContent).toBe('The screen');
    await lifecycles.unmount(props);
  });

  it('mounts all the same when beforeMount fails (the screen then fetches its code itself)', async () => {
    const screenCode = deferred();
    const lifecycles = createRemoteLifecycles(Screen, { beforeMount: () => screenCode.promise });
    const { element, props } = mountInto();
    await lifecycles.bootstrap(props);
    const mounted = lifecycles.mount(props);
    screenCode.reject(new Error('chunk failed'));
    await mounted;
    expect(element.textContent).toBe('The screen');
    await lifecycles.unmount(props);
  });

  it('renders the screen in slices, letting other tasks run between them (a transition)', async () => {
    // A screen that takes ~60 ms to render, 2 ms in each of its 30 parts.
    const PARTS = 30;
    let rendered = 0;
    function Part({ index }: { index: number }) {
      rendered += 1;
      const until = performance.now() + 2;
      while (performance.now() < until) {
        // busy, as a render on a slow phone is
      }
      return <li>{index}</li>;
    }
    const SlowScreen = () => (
      <ul>
        {Array.from({ length: PARTS }, (_, index) => (
          <Part key={index} index={index} />
        ))}
      </ul>
    );
    const lifecycles = createRemoteLifecycles(SlowScreen);
    const { element, props } = mountInto();
    await lifecycles.bootstrap(props);
    // What another task (a timer, as input would be) sees each time it gets to run during the mount.
    const seen: number[] = [];
    let mounting = true;
    const look = () => {
      seen.push(rendered);
      if (mounting) setTimeout(look, 0);
    };
    setTimeout(look, 0);
    await lifecycles.mount(props);
    mounting = false;
    expect(element.querySelectorAll('li')).toHaveLength(PARTS);
    // Rendered in one task, the timer would only ever see none or all of the parts.
    expect(seen.some((count) => count > 0 && count < PARTS)).toBe(true);
    await lifecycles.unmount(props);
  });

  it('mounts at once without beforeMount', async () => {
    const lifecycles = createRemoteLifecycles(Screen);
    const { element, props } = mountInto();
    await lifecycles.bootstrap(props);
    await lifecycles.mount(props);
    expect(element.textContent).toBe('The screen');
    await lifecycles.unmount(props);
  });
});
