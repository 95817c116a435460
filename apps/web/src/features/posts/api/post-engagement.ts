import { Endpoints, type CommentInput, type PostDto } from '@rally/contract';
import { call } from '../../../lib/api-client';

/**
 * A post's reaction and comment calls (spec §7); the reactions and comments feature drives them
 * through the subject the page builds (app/routes/engagement-subjects.ts).
 */
type PostRef = Pick<PostDto, 'id' | 'team_id'>;

/** POST user/team/:id/post/:postId/buzz?buzz_type_id sets or changes the viewer's reaction; DELETE clears it. */
export const reactToPost = async (post: PostRef, buzzTypeId: number | null) =>
  (buzzTypeId === null
    ? await call(Endpoints.clearPostReaction, { params: { id: post.team_id, postId: post.id } })
    : await call(Endpoints.reactToPost, {
        params: { id: post.team_id, postId: post.id },
        query: { buzz_type_id: buzzTypeId },
        // The route also takes the choice as a JSON body; the query (spec §7) is enough.
        body: undefined,
      })
  ).data;

/** GET user/team/:id/post/:postId/buzz: every reaction to a post, newest first. */
export const getPostReactions = async (post: PostRef, signal?: AbortSignal) =>
  (await call(Endpoints.postReactions, { params: { id: post.team_id, postId: post.id }, signal })).data;

/** GET user/team/:id/post/:postId/expression?page: a post's comments ("engagements"), newest first. */
export const getPostComments = (post: PostRef, page: number, signal?: AbortSignal) =>
  call(Endpoints.postComments, { params: { id: post.team_id, postId: post.id }, query: { page }, signal });

/** POST user/team/:id/post/:postId/expression: a comment with text or an uploaded file. */
export const commentOnPost = async (post: PostRef, body: CommentInput) =>
  (await call(Endpoints.commentOnPost, { params: { id: post.team_id, postId: post.id }, body })).data;
