import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { nothing } from '../../../lib/read.ts';
import { commentsRootKey } from './comments.ts';
import { editCachedPost } from './post-cache.ts';
import { commentReader } from './readers.ts';

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
    schema: commentReader,
    toast: 'except-validation',
  });
}

/** DELETE /api/posts/{id}/comments/{commentId} (own comment; its replies go with it). */
export function deleteComment({ postId, commentId }: CommentRef) {
  return http.request(`/posts/${postId}/comments/${commentId}`, { method: 'DELETE', schema: nothing });
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
