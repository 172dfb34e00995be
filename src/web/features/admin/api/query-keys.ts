export const adminKeys = {
  all: ['admin'] as const,
  stats: () => [...adminKeys.all, 'stats'] as const,
};

/** Root key of every tag list (the Add Post select, the home chips). */
export const TAGS_KEY = ['tags'] as const;
