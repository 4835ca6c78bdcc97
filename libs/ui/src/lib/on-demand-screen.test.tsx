import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { onDemand } from './on-demand.ts';
import { OnDemandScreen, SCREEN_UNAVAILABLE_MESSAGE } from './on-demand-screen.tsx';

afterEach(cleanup);

type ScreenModule = { Title: () => React.ReactNode };

/** A screen's code that arrives (or fails to) when the test says: the first fetch gets `code`. */
function deferredScreen() {
  const code = Promise.withResolvers<ScreenModule>();
  return { source: onDemand(() => code.promise), code };
}

const page = (source: ReturnType<typeof deferredScreen>['source']) => (
  <OnDemandScreen source={source} loading={<p>Loading your profile...</p>}>
    {({ Title }) => <Title />}
  </OnDemandScreen>
);

describe('OnDemandScreen', () => {
  it('shows its outline until the code comes, then the screen', async () => {
    const { source, code } = deferredScreen();
    render(page(source));
    expect(screen.getByText('Loading your profile...')).toBeTruthy();
    await act(async () => code.resolve({ Title: () => <h1>Your profile</h1> }));
    expect(screen.getByRole('heading', { name: 'Your profile' })).toBeTruthy();
    expect(screen.queryByText('Loading your profile...')).toBeNull();
  });

  it('draws the screen at once when its code is already here', async () => {
    const { source, code } = deferredScreen();
    const fetched = source.fetch();
    code.resolve({ Title: () => <h1>Your profile</h1> });
    await fetched;
    render(page(source));
    expect(screen.getByRole('heading', { name: 'Your profile' })).toBeTruthy();
  });

  it('says the page could not be loaded when its code fails to come', async () => {
    const { source, code } = deferredScreen();
    render(page(source));
    await act(async () => code.reject(new Error('Loading chunk 40 failed')));
    expect(screen.getByRole('alert').textContent).toBe(SCREEN_UNAVAILABLE_MESSAGE);
    expect(screen.queryByText('Loading your profile...')).toBeNull();
  });

  it('shows another screen given in its place, fetching it afresh, not the one before', async () => {
    const setup = deferredScreen();
    const manual = deferredScreen();
    const { rerender } = render(page(setup.source));
    await act(async () => setup.code.resolve({ Title: () => <h1>Google Setup</h1> }));
    expect(screen.getByRole('heading', { name: 'Google Setup' })).toBeTruthy();

    // In-app navigation: the same place in the tree, another screen's code.
    rerender(page(manual.source));
    expect(screen.getByText('Loading your profile...')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Google Setup' })).toBeNull();
    await act(async () => manual.code.reject(new Error('Loading chunk 472 failed')));
    expect(screen.getByRole('alert').textContent).toBe(SCREEN_UNAVAILABLE_MESSAGE);

    // Back: the first screen is here, and its failure-free state with it.
    rerender(page(setup.source));
    expect(screen.getByRole('heading', { name: 'Google Setup' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
