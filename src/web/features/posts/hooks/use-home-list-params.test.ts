import { describe, expect, it } from 'vitest';
import { homeListSource } from '../api/home-posts.ts';
import { readHomeListParams, writeHomeListParams } from './use-home-list-params.ts';

describe('Home list address', () => {
  it('reads the defaults from an empty address: no search, no sort, page 0, size 5', () => {
    expect(readHomeListParams(new URLSearchParams())).toEqual({ search: null, sort: '', page: 0, limit: 5 });
  });

  it('reads a one-based page, a known size and sort, and a trimmed search', () => {
    expect(readHomeListParams(new URLSearchParams('search=%20react%20&sort=popularity&page=3&limit=20'))).toEqual({
      search: 'react',
      sort: 'popularity',
      page: 2,
      limit: 20,
    });
  });

  it('ignores values the list cannot show', () => {
    expect(readHomeListParams(new URLSearchParams('search=%20&sort=votes&page=-1&limit=7'))).toEqual({
      search: null,
      sort: '',
      page: 0,
      limit: 5,
    });
    expect(readHomeListParams(new URLSearchParams('page=1.5')).page).toBe(0);
  });

  it('writes only what differs from the defaults, and reads back the same state', () => {
    expect(writeHomeListParams({ search: null, sort: '', page: 0, limit: 5 }).toString()).toBe('');
    const state = { search: 'c#', sort: 'popularity', page: 4, limit: 10 } as const;
    const written = writeHomeListParams(state);
    expect(written.toString()).toBe('search=c%23&sort=popularity&page=5&limit=10');
    expect(readHomeListParams(written)).toEqual(state);
  });
});

describe('Home list source (SPEC.md §4)', () => {
  it('prefers a submitted search, then the popularity sort, then the newest list', () => {
    expect(homeListSource({ search: 'react', sort: 'popularity' })).toBe('search');
    expect(homeListSource({ search: null, sort: 'popularity' })).toBe('popularity');
    expect(homeListSource({ search: null, sort: '' })).toBe('newest');
  });
});
