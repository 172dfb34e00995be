import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { codeOnDemand, useCodeOnDemand, type CodeOnDemand } from './code-on-demand.ts';

/** An importer that fails while `offline` is set, as a dynamic import does when the connection is gone (and the browser says so). */
function network() {
  const state = { offline: true, fetches: 0 };
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => !state.offline);
  const importer = () => {
    state.fetches += 1;
    return state.offline
      ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
      : Promise.resolve({ word: 'editor' });
  };
  return { state, importer };
}

function Part({ code }: { code: CodeOnDemand<{ word: string }> }) {
  const module = useCodeOnDemand(code);
  return <p>{module ? module.word : 'stand-in'}</p>;
}

describe('code fetched on demand', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('forgets a failed fetch, so the next call fetches again, and keeps a fetched module', async () => {
    const { state, importer } = network();
    const code = codeOnDemand(importer);
    await expect(code.load()).rejects.toThrow('Failed to fetch');
    expect(code.loaded()).toBeNull();
    state.offline = false;
    await expect(code.load()).resolves.toEqual({ word: 'editor' });
    await code.load();
    expect(state.fetches).toBe(2);
    expect(code.loaded()).toEqual({ word: 'editor' });
  });

  it('shows the stand-in while the fetch fails, and the part once the browser is back online', async () => {
    const { state, importer } = network();
    const code = codeOnDemand(importer);
    render(<Part code={code} />);
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.getByText('stand-in')).toBeInTheDocument();
    expect(state.fetches).toBe(1);

    state.offline = false;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('editor')).toBeInTheDocument();
    expect(state.fetches).toBe(2);
  });

  it('renders a module fetched before at once', async () => {
    const { state, importer } = network();
    state.offline = false;
    const code = codeOnDemand(importer);
    await code.load();
    render(<Part code={code} />);
    expect(screen.getByText('editor')).toBeInTheDocument();
    expect(state.fetches).toBe(1);
  });
});
