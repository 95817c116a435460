/** The response envelope of ARCHITECTURE.md. */
export interface PageMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

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
