/**
 * Whether DATABASE_URL names a PostgreSQL database (unset means the embedded SQLite one; any
 * other value is refused by env.ts). Free of imports: main.ts asks before anything else loads.
 */
export const isPostgresUrl = (url: string | undefined): boolean => /^postgres(ql)?:\/\//.test(url ?? '');
