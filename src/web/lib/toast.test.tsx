import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast, Toaster } from './toast.tsx';

/** The live regions an element sits in: itself and its ancestors with `aria-live` or a live role. */
function liveRegionsAround(element: Element): Element[] {
  const regions: Element[] = [];
  for (let at: Element | null = element; at; at = at.parentElement) {
    if (at.hasAttribute('aria-live') || ['alert', 'status', 'log'].includes(at.getAttribute('role') ?? '')) regions.push(at);
  }
  return regions;
}

describe('toasts', () => {
  it("are each one live region, not an alert inside the container's region, so they are read once", async () => {
    render(<Toaster position="top-right" autoClose={5000} pauseOnHover />);
    toast.success('Profile saved');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Profile saved');
    expect(liveRegionsAround(alert)).toEqual([alert]);

    // A later toast, drawn by the same container, is still read once.
    toast.error('Could not reach the server');
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    for (const each of screen.getAllByRole('alert')) expect(liveRegionsAround(each)).toEqual([each]);
  });
});
