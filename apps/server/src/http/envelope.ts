import type { Envelope, PageMeta } from '@rally/contract';

export const ok = <T>(data: T, message?: string): Envelope<T> => (message ? { data, message } : { data });

export const pageMeta = (page: number, perPage: number, total: number): PageMeta => ({
  current_page: page,
  per_page: perPage,
  total,
  last_page: Math.max(1, Math.ceil(total / perPage)),
});

/** One page of a list: `{ data, meta }`. */
export const paged = <T>(data: T[], page: number, perPage: number, total: number): { data: T[]; meta: PageMeta } => ({
  data,
  meta: pageMeta(page, perPage, total),
});
