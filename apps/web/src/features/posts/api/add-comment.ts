import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { commentsRootKey } from './comments.ts';
import { editCachedPost } from './post-cache.ts';
import { commentReader } from './readers.ts';

export interface NewComment {
  postId: number;
  comment: string;
  parentId?: number | undefined;
  /** People picked in the text (issue 22). */
  mentions?: number[] | undefined;
}

/** POST /api/posts/{id}/comments: a comment, or a reply with `parent_id`. */
export function addComment({ postId, comment, parentId, mentions }: NewComment) {
  return http.request(`/posts/${postId}/comments`, {
    method: 'POST',
    body: {
      comment,
      ...(parentId ? { parent_id: parentId } : {}),
      ...(mentions?.length ? { mentions } : {}),
    },
    schema: commentReader,
    toast: 'except-validation',
  });
}

export function useAddComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addComment,
    onSuccess: (_result, { postId }) => {
      editCachedPost(queryClient, postId, (post) => ({ ...post, comments_count: post.comments_count + 1 }));
      void queryClient.invalidateQueries({ queryKey: commentsRootKey });
    },
  });
}
