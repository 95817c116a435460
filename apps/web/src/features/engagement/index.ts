/**
 * Reactions and comments, one feature for every reactable object (a post, a to-do task): a page
 * builds an `EngagementSubject` from the owning feature's calls and caches and draws
 * `EngagementBar` for it. Nothing else of this folder is meant for use outside it.
 */
export type { CommentPage, EngagementSubject } from './api/subject';
export { EngagementBar } from './components/engagement-bar';
export { useBuzzes } from './api/get-buzzes';
