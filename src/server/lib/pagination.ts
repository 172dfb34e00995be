import type { PaginationQuery } from '#shared/schemas/common.ts';

export const offsetOf = ({ page, limit }: PaginationQuery): number => page * limit;
