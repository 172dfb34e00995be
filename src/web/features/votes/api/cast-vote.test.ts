import { describe, expect, it } from 'vitest';
import { applyVote } from './cast-vote.ts';

describe('applyVote (the optimistic guess of the server’s rule)', () => {
  const base = { upVote: 5, downVote: 2 };

  it('adds a vote', () => {
    expect(applyVote({ ...base, myVote: null }, 'up')).toEqual({ upVote: 6, downVote: 2, myVote: 'up' });
    expect(applyVote({ ...base, myVote: null }, 'down')).toEqual({ upVote: 5, downVote: 3, myVote: 'down' });
  });

  it('withdraws the same vote', () => {
    expect(applyVote({ ...base, myVote: 'up' }, 'up')).toEqual({ upVote: 4, downVote: 2, myVote: null });
    expect(applyVote({ ...base, myVote: 'down' }, 'down')).toEqual({ upVote: 5, downVote: 1, myVote: null });
  });

  it('switches to the other vote', () => {
    expect(applyVote({ ...base, myVote: 'down' }, 'up')).toEqual({ upVote: 6, downVote: 1, myVote: 'up' });
    expect(applyVote({ ...base, myVote: 'up' }, 'down')).toEqual({ upVote: 4, downVote: 3, myVote: 'down' });
  });
});
