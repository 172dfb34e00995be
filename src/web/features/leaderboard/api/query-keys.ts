export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  week: () => [...leaderboardKeys.all, 'week'] as const,
};
