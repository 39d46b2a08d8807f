import {
  bookmarkResult,
  commentSchema,
  commentsResult,
  feedResult,
  likeResult,
  postSchema,
} from '@makan/contract/posts';
import { mentionableResult } from '@makan/contract/profiles';
import { describe } from 'vitest';
import { itReadsAsItsSchema } from '../../../test/reader-equivalence.ts';
import {
  bookmarkReader,
  commentReader,
  commentsReader,
  feedReader,
  likeReader,
  mentionableReader,
  postReader,
} from './readers.ts';

describe('the posts’ readers read as the contract’s schemas do', () => {
  const pairs = [
    ['postSchema', postReader, postSchema],
    ['feedResult', feedReader, feedResult],
    ['commentSchema', commentReader, commentSchema],
    ['commentsResult', commentsReader, commentsResult],
    ['likeResult', likeReader, likeResult],
    ['bookmarkResult', bookmarkReader, bookmarkResult],
    ['mentionableResult', mentionableReader, mentionableResult],
  ] as const;
  itReadsAsItsSchema(pairs);
});
