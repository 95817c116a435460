import type { GeocodeResultDto } from '@rally/contract';
import { z } from 'zod';
import { AppError, notFound } from '../../http/errors.js';

/** How long a lookup may take before the caller hears the geocoder is unavailable. */
export const GEOCODE_TIMEOUT_MS = 5000;
/** The server's own messages (the web app shows whatever message comes back). */
export const GeocodeMessages = {
  notConfigured: 'Address lookup is not configured on this server (GEOCODER_URL).',
  unavailable: 'Address lookup is not available right now. Please try again later.',
} as const;
/** Matches asked for and returned. */
export const GEOCODE_LIMIT = 5;

/** What a Nominatim-compatible `/search?format=jsonv2` answers (only the fields used). */
const nominatimPlace = z.object({
  display_name: z.string(),
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
});

export interface GeocoderDeps {
  /** GEOCODER_URL without a trailing slash; undefined when none is configured. */
  baseUrl: string | undefined;
  /** Identifies this Rally to the geocoder (Nominatim's usage policy asks for one). */
  userAgent: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const unavailable = () => new AppError(502, 'geocoder_unavailable', GeocodeMessages.unavailable);

/**
 * Address lookups for the profile's location, proxied so the browser never calls a third party
 * (CSP keeps connect-src 'self') and the geocoder sees this server, not the user.
 */
export class GeocoderService {
  private readonly baseUrl: string | undefined;

  constructor(private readonly deps: GeocoderDeps) {
    this.baseUrl = deps.baseUrl?.replace(/\/+$/, '');
  }

  get enabled(): boolean {
    return this.baseUrl !== undefined;
  }

  async search(q: string, language?: string): Promise<GeocodeResultDto[]> {
    if (!this.baseUrl) throw notFound(GeocodeMessages.notConfigured);
    const params = new URLSearchParams({ format: 'jsonv2', q, limit: String(GEOCODE_LIMIT) });
    const url = `${this.baseUrl}/search?${params.toString()}`;
    let body: unknown;
    try {
      const res = await (this.deps.fetch ?? fetch)(url, {
        headers: {
          'User-Agent': this.deps.userAgent,
          Accept: 'application/json',
          ...(language ? { 'Accept-Language': language } : {}),
        },
        signal: AbortSignal.timeout(this.deps.timeoutMs ?? GEOCODE_TIMEOUT_MS),
      });
      if (!res.ok) throw unavailable();
      body = await res.json();
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw unavailable();
    }
    if (!Array.isArray(body)) throw unavailable();
    return body.slice(0, GEOCODE_LIMIT).flatMap((item) => {
      const place = nominatimPlace.safeParse(item);
      return place.success ? [{ label: place.data.display_name, lat: place.data.lat, lng: place.data.lon }] : [];
    });
  }
}
