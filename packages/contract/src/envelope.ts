import { z } from 'zod';

/** The response envelope of ARCHITECTURE.md: `{ data, meta?, message? }`. */
export const pageMetaSchema = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** `{ data, message? }` around one value. */
export const envelopeOf = <T extends z.ZodType>(data: T) => z.object({ data, message: z.string().optional() });

/** A page of a list: `{ data: [...], meta, message? }`, pages from 1. */
export const pagedEnvelopeOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: pageMetaSchema, message: z.string().optional() });

export interface Envelope<T> {
  data: T;
  meta?: PageMeta;
  message?: string;
}

export interface ErrorBody {
  message: string;
  code?: string;
  errors?: Record<string, string[]>;
}
