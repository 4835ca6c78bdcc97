import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RemoteOutlet } from './remote-outlet.tsx';

afterEach(cleanup);

// No remote is registered here, so each outlet shows what stands in while its remote loads.
describe('RemoteOutlet while its remote loads', () => {
  it('draws the journey in outline for the seller’s journey, out of the flow', () => {
    const { container } = render(<RemoteOutlet app="mfe-seller" path="/journey" />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading your journey');
    // Floating over the slot: the journey arriving moves nothing that was painted.
    expect(status.parentElement?.className).toContain('absolute');
    expect(container.querySelectorAll('.animate-pulse').length).toBeGreaterThan(5);
  });

  it('draws the profile in outline on /profile', () => {
    render(<RemoteOutlet app="mfe-seller" path="/profile" />);
    expect(screen.getByRole('status').textContent).toBe('Loading your profile');
  });

  it('keeps the spinner for pages without an outline', () => {
    render(<RemoteOutlet app="mfe-agent" path="/dashboard" />);
    expect(screen.getByRole('status').textContent).toBe('Loading page');
  });
});
