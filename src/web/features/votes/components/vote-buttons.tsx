// The up and down vote buttons of a post: each shows its stored count, and aria-pressed
// says which one is the member's own vote.
import { useId } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { VoteDirection } from '#shared/schemas/post.ts';
import { ArrowDownIcon, ArrowUpIcon } from '#web/components/ui/forum-icons.tsx';
import { cn } from '#web/utils/cn.ts';
import { useCastVote, type VoteState } from '../api/cast-vote.ts';

interface VoteButtonsProps {
  postId: string;
  /** The query holding the post; it is updated at once on a click. */
  postKey: QueryKey;
  votes: VoteState;
}

// The count sits beside its button, not in it: the button's name stays "Upvote"/"Downvote"
// (its visible content is the icon alone), and the count describes it.
const LOOKS: Record<VoteDirection, { on: string; off: string; count: string }> = {
  up: {
    on: 'bg-success-600 text-white',
    off: 'text-ink hover:bg-success-50 hover:text-success-700',
    count: 'text-success-700',
  },
  down: {
    on: 'bg-danger-600 text-white',
    off: 'text-ink hover:bg-danger-50 hover:text-danger-700',
    count: 'text-danger-700',
  },
};

export function VoteButtons({ postId, postKey, votes }: VoteButtonsProps) {
  const id = useId();
  const vote = useCastVote(postId, postKey);
  const { upVote, downVote, myVote } = votes;

  const button = (direction: VoteDirection) => {
    const count = direction === 'up' ? upVote : downVote;
    const Icon = direction === 'up' ? ArrowUpIcon : ArrowDownIcon;
    const countId = `${id}-${direction}`;
    const pressed = myVote === direction;
    return (
      <span className="inline-flex items-center gap-1 rounded-full border border-line bg-surface p-1 pr-3.5 shadow-xs">
        <button
          type="button"
          aria-label={direction === 'up' ? 'Upvote' : 'Downvote'}
          aria-describedby={countId}
          aria-pressed={pressed}
          // One vote at a time: each answer is the server's truth for the next click.
          aria-disabled={vote.isPending || undefined}
          onClick={() => {
            if (!vote.isPending) vote.mutate(direction);
          }}
          className={cn(
            'inline-flex size-9 items-center justify-center rounded-full transition-colors aria-disabled:cursor-wait',
            pressed ? LOOKS[direction].on : LOOKS[direction].off,
          )}
        >
          <Icon className="size-[18px]" />
        </button>
        <span className={cn('min-w-4 text-sm font-semibold tabular-nums', pressed ? LOOKS[direction].count : 'text-ink')}>
          <span aria-hidden="true">{count}</span>
          <span id={countId} className="sr-only">
            {`${count} ${direction === 'up' ? 'upvote' : 'downvote'}${count === 1 ? '' : 's'}`}
          </span>
        </span>
      </span>
    );
  };

  return (
    <div className="flex items-center gap-2">
      {button('up')}
      {button('down')}
    </div>
  );
}
