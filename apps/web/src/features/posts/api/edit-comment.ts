import { commentSchema } from '@makan/contract/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/http.ts';
import { commentsRootKey } from './comments.ts';
import { editCachedPost } from './post-cache.ts';

interface CommentRef {
  postId: number;
  commentId: number;
}

/** PUT /api/posts/{id}/comments/{commentId} (own comment). */
export function updateComment({
  postId,
  commentId,
  comment,
  mentions,
}: CommentRef & { comment: string; mentions?: number[] | undefined }) {
  return http.request(`/posts/${postId}/comments/${commentId}`, {
    method: 'PUT',
    body: { comment, ...(mentions?.length ? { mentions } : {}) },
    schema: commentSchema,
    toast: 'except-validation',
  });
}

/** DELETE /api/posts/{id}/comments/{commentId} (own comment; its replies go with it). */
export function deleteComment({ postId, commentId }: CommentRef) {
  return http.request(`/posts/${postId}/comments/${commentId}`, { method: 'DELETE', schema: z.null() });
}

export function useUpdateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateComment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsRootKey }),
  });
}

export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: (_result, { postId }) => {
      // The count of the post includes replies; read it again rather than guess.
      void queryClient.invalidateQueries({ queryKey: commentsRootKey });
      editCachedPost(queryClient, postId, (post) => ({
        ...post,
        comments_count: Math.max(0, post.comments_count - 1),
      }));
    },
  });
}
