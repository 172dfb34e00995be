export const tagKeys = {
  all: ['tags'] as const,
  list: () => [...tagKeys.all, 'list'] as const,
  usage: (id: string) => [...tagKeys.all, 'usage', id] as const,
};

export const isTagUsageKey = (key: readonly unknown[]): boolean => key[0] === tagKeys.all[0] && key[1] === 'usage';
