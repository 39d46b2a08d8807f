import { LIMITS } from '@makan/contract/limits';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { commentReader, commentsReader } from './readers.ts';

/** Comments and replies of every post live under this key. */
export const commentsRootKey = ['post-comments'] as const;
export const commentsKey = (postId: number) => [...commentsRootKey, 'post', postId] as const;
export const repliesKey = (commentId: number) => [...commentsRootKey, 'replies', commentId] as const;
export const commentKey = (postId: number, commentId: number) =>
  [...commentsRootKey, 'one', postId, commentId] as const;

/** GET /api/posts/{id}/comments: top-level comments, 20 a page. */
export async function fetchComments(postId: number, cursor: number | undefined, signal?: AbortSignal) {
  const { data } = await http.request(`/posts/${postId}/comments`, {
    query: { cursor, per_page: LIMITS.commentsPerPage },
    schema: commentsReader,
    signal,
    toast: 'none',
  });
  return data;
}

export function useComments(postId: number) {
  return useInfiniteQuery({
    queryKey: commentsKey(postId),
    queryFn: ({ pageParam, signal }) => fetchComments(postId, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** GET /api/comments/{id}/replies: the replies of a comment, 20 a page. */
export async function fetchReplies(commentId: number, cursor: number | undefined, signal?: AbortSignal) {
  const { data } = await http.request(`/comments/${commentId}/replies`, {
    query: { cursor, per_page: LIMITS.commentsPerPage },
    schema: commentsReader,
    signal,
    toast: 'none',
  });
  return data;
}

export function useReplies(commentId: number, enabled = true) {
  return useInfiniteQuery({
    queryKey: repliesKey(commentId),
    queryFn: ({ pageParam, signal }) => fetchReplies(commentId, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled,
  });
}

/** GET /api/posts/{id}/comments/{commentId}: one comment (404 when missing or removed). */
export async function fetchComment(postId: number, commentId: number, signal?: AbortSignal) {
  const { data } = await http.request(`/posts/${postId}/comments/${commentId}`, {
    schema: commentReader,
    signal,
    toast: 'none',
  });
  return data;
}

export function useComment(postId: number, commentId: number) {
  return useQuery({
    queryKey: commentKey(postId, commentId),
    queryFn: ({ signal }) => fetchComment(postId, commentId, signal),
    retry: false,
  });
}
