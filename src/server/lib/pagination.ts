import type { FastifyReply } from 'fastify';
import { TOTAL_COUNT_HEADER, type Page } from '#shared/page.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';

export const offsetOf = ({ page, limit }: PaginationQuery): number => page * limit;

/** Answers a page as API.md has it: the items as the body, the total in X-Total-Count. */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  reply.header(TOTAL_COUNT_HEADER, String(page.total));
  return page.items;
}
