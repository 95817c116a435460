import { postDto, type PageMeta, type PostDto } from '@rally/contract';
import fastJson from 'fast-json-stringify';
import { responseJsonSchema } from '../../http/serialize.js';

/**
 * Timeline pages, per team, post type filter and page, valid for one version of the team's
 * timeline (`team_timeline_versions`, raised by database triggers in the transaction of every
 * write a page shows; ADR 0015). Each request reads the viewer's membership and the version in
 * one query; a page of that version is answered from here. The viewers' own parts (their
 * reaction, whether they commented) are kept with the page: a reaction or comment of theirs on
 * one of its posts raises the version too. A viewer's part is read (in that same query) the
 * first time they see a version of the page.
 *
 * A page is kept already serialised: each post's JSON without the two fields that differ per
 * viewer, so an answer is a string concatenation, not a 15 KB serialisation. A team video's or
 * slideshow's `data.is_responded` differs per viewer too: its post is kept in two pieces, and the
 * viewer's value goes between them.
 */

/** How long a page may be served without any write at all: a safety net, not the invalidation. */
export const TIMELINE_CACHE_TTL_MS = 30_000;
/** Pages kept per process (the least recently used go first): ~15 KB each. */
export const TIMELINE_CACHE_MAX_PAGES = 1_000;
/** Viewers' parts kept per page (a page read by more people starts its list again). */
const MAX_VIEWERS_PER_PAGE = 1_000;

/**
 * The viewer's own part of a page: their reaction per post id, the post ids they commented on,
 * and the team videos and slideshows (post ids) they answered.
 */
export interface ViewerPart {
  buzzes: ReadonlyMap<number, number>;
  expressed: ReadonlySet<number>;
  responded?: ReadonlySet<number>;
}

export interface CachedPage {
  /** The team's timeline version the page was read at (or after). */
  version: number;
  /** When it was read (ms since 1970), for the TTL. */
  at: number;
  /** The page's post ids, in order: what the viewer's part is asked for. */
  ids: number[];
  /**
   * Each post's JSON after its opening brace, without `buzz_type_id` and `user_expressed`; a post
   * with `data.is_responded` as the pieces before and after that value.
   */
  posts: (string | [string, string])[];
  /** `],"meta":{…}}`. */
  tail: string;
  /**
   * Viewers' own parts of this page, read at its version: a reaction or comment of theirs on
   * one of its posts raises the version, so they stay right as long as the page does.
   */
  viewers: Map<number, ViewerPart>;
}

type SharedPost = Omit<PostDto, 'buzz_type_id' | 'user_expressed'>;
const sharedPostJson: (post: SharedPost) => string = fastJson(
  responseJsonSchema(postDto.omit({ buzz_type_id: true, user_expressed: true })),
) as (post: SharedPost) => string;

const int = (n: number): string => String(Math.trunc(n));

// A key as the serialiser writes it: inside a JSON string its quotes would be escaped, so this
// text is only ever the key itself.
const RESPONDED_KEY = '"is_responded":';

/** A post's shared JSON, split where the viewer's `is_responded` goes when it has one. */
function sharedJson(post: SharedPost): string | [string, string] {
  if (post.data.is_responded === undefined) return sharedPostJson(post).slice(1);
  const json = sharedPostJson({ ...post, data: { ...post.data, is_responded: false } }).slice(1);
  const key = json.indexOf(RESPONDED_KEY);
  if (key < 0) return json;
  const at = key + RESPONDED_KEY.length;
  return [json.slice(0, at), json.slice(at + 'false'.length)];
}

/** A page as the cache keeps it: `posts` presented (any viewer's part in them is dropped). */
export function cachedPage(version: number, posts: readonly PostDto[], meta: PageMeta): CachedPage {
  return {
    version,
    at: Date.now(),
    ids: posts.map((p) => p.id),
    posts: posts.map((post) => {
      const { buzz_type_id: _buzz, user_expressed: _expressed, ...shared } = post;
      return sharedJson(shared);
    }),
    tail:
      `],"meta":{"current_page":${int(meta.current_page)},"last_page":${int(meta.last_page)},` +
      `"per_page":${int(meta.per_page)},"total":${int(meta.total)}}}`,
    viewers: new Map(),
  };
}

/** The page's JSON answer (`{data, meta}`) as `viewer` sees it. */
export function renderPage(page: CachedPage, viewer: ViewerPart): string {
  let out = '{"data":[';
  for (let i = 0; i < page.ids.length; i++) {
    const id = page.ids[i]!;
    const buzz = viewer.buzzes.get(id);
    const post = page.posts[i]!;
    out +=
      (i === 0 ? '{"buzz_type_id":' : ',{"buzz_type_id":') +
      (buzz === undefined ? 'null' : int(buzz)) +
      (viewer.expressed.has(id) ? ',"user_expressed":true,' : ',"user_expressed":false,') +
      (typeof post === 'string' ? post : post[0] + (viewer.responded?.has(id) ? 'true' : 'false') + post[1]);
  }
  return out + page.tail;
}

/** The viewer's part as the page query returned it (the filling request's own rows). */
export function viewerPartOf(posts: readonly PostDto[]): ViewerPart {
  const buzzes = new Map<number, number>();
  const expressed = new Set<number>();
  const responded = new Set<number>();
  for (const p of posts) {
    if (p.buzz_type_id !== null) buzzes.set(p.id, p.buzz_type_id);
    if (p.user_expressed) expressed.add(p.id);
    if (p.data.is_responded) responded.add(p.id);
  }
  return { buzzes, expressed, responded };
}

/** A bounded map of pages, least recently used first out; one fill per page and version at a time. */
export class TimelineCache {
  private readonly pages = new Map<string, CachedPage>();
  private readonly filling = new Map<string, { version: number; page: Promise<CachedPage> }>();

  constructor(
    private readonly ttlMs: number = TIMELINE_CACHE_TTL_MS,
    private readonly maxPages: number = TIMELINE_CACHE_MAX_PAGES,
    private readonly now: () => number = Date.now,
  ) {}

  /** The page kept under `key`, whatever its version (the caller asks for its ids). */
  peek(key: string): CachedPage | undefined {
    return this.pages.get(key);
  }

  /** Whether `page` may answer for `version`: the same version and within the TTL. */
  usable(page: CachedPage | undefined, version: number): page is CachedPage {
    return page !== undefined && page.version === version && this.now() - page.at < this.ttlMs;
  }

  /** A fill of `key` at `version` under way in this process, if any. */
  pending(key: string, version: number): Promise<CachedPage> | undefined {
    const fill = this.filling.get(key);
    return fill && fill.version === version ? fill.page : undefined;
  }

  /** Runs `read` as the fill of `key` at `version` (others asking meanwhile wait for it), then keeps its page. */
  async fill<T extends { page: CachedPage }>(key: string, version: number, read: () => Promise<T>): Promise<T> {
    const result = read();
    const page = result.then((r) => r.page);
    const entry = { version, page };
    this.filling.set(key, entry);
    page.catch(() => undefined); // a failed fill is the caller's error; waiters see it too
    try {
      const done = await result;
      this.keep(key, done.page);
      return done;
    } finally {
      if (this.filling.get(key) === entry) this.filling.delete(key);
    }
  }

  /** Keeps `page` unless a page of a later version is kept already (fills may finish out of order). */
  private keep(key: string, page: CachedPage): void {
    const kept = this.pages.get(key);
    if (kept && kept.version > page.version) return;
    this.pages.delete(key); // re-inserted last: the most recently used
    this.pages.set(key, page);
    if (this.pages.size > this.maxPages) {
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
  }

  /** Marks a kept page used (it moves to the end of the eviction order). */
  touch(key: string, page: CachedPage): void {
    if (this.pages.get(key) !== page) return;
    this.pages.delete(key);
    this.pages.set(key, page);
  }

  /** Keeps a viewer's part of `page`, read at `version` (nothing when the page is of another version). */
  remember(page: CachedPage, version: number, viewerId: number, part: ViewerPart): void {
    if (page.version !== version) return;
    if (page.viewers.size >= MAX_VIEWERS_PER_PAGE) page.viewers.clear();
    page.viewers.set(viewerId, part);
  }

  clear(): void {
    this.pages.clear();
  }
}
