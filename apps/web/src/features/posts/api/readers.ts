import { CURRENCIES, LISTING_PURPOSES, LISTING_STATUSES } from '@makan/contract/listing';
import type { Comment, FeedResult, Post, PostMedia } from '@makan/contract/posts';
import type { MentionableResult } from '@makan/contract/profiles';
import { PROPERTY_TYPES } from '@makan/contract/property-types';
import {
  arrayOf,
  bool,
  either,
  int,
  nullable,
  num,
  object,
  oneOf,
  picture,
  type Reader,
  str,
} from '../../../lib/read.ts';

/**
 * The posts' answers read without zod (lib/read.ts says why; read.test.ts holds each equal to the
 * contract's schema of the same name): what the feed, a post's page and its comments render first.
 */

const postUser: Reader<Post['user']> = object({
  id: int,
  name: str,
  picture,
  company_verified: bool,
});

const postMedia: Reader<PostMedia> = object({
  id: int,
  url: str,
  url_large: str,
  mime_type: str,
  size: int,
  file_name: str,
  width: int,
  height: int,
});

const mention: Reader<Post['mentions'][number]> = object({ id: int, name: str });

export const postReader: Reader<Post> = object({
  id: int,
  user_id: int,
  user: postUser,
  description: nullable(str),
  property_type: oneOf(PROPERTY_TYPES),
  location: nullable(object({ id: int, name_en: str, name_ar: str, display_name: str })),
  custom_location: nullable(str),
  display_location: str,
  media: arrayOf(postMedia),
  purpose: nullable(oneOf(LISTING_PURPOSES)),
  price: nullable(num),
  currency: nullable(oneOf(CURRENCIES)),
  area_m2: nullable(num),
  status: nullable(oneOf(LISTING_STATUSES)),
  licence_number: nullable(str),
  licence_checked: bool,
  comments_count: int,
  bookmarks_count: int,
  likes_count: int,
  is_liked: bool,
  is_bookmarked: bool,
  is_owner: bool,
  shares_count: int,
  created_at: str,
  updated_at: str,
  mentions: arrayOf(mention),
});

export const feedReader: Reader<FeedResult> = object({
  posts: arrayOf(postReader),
  next_cursor: nullable(either(int, str)),
});

export const commentReader: Reader<Comment> = object({
  id: int,
  post_id: int,
  parent_id: nullable(int),
  user: postUser,
  comment: str,
  created_at: str,
  updated_at: str,
  replies_count: int,
  mentions: arrayOf(mention),
});

export const commentsReader: Reader<{ comments: Comment[]; next_cursor: number | null }> = object({
  comments: arrayOf(commentReader),
  next_cursor: nullable(int),
});

export const likeReader: Reader<{ is_liked: boolean; likes_count: number }> = object({
  is_liked: bool,
  likes_count: int,
});

export const bookmarkReader: Reader<{ is_bookmarked: boolean; bookmarks_count: number }> = object({
  is_bookmarked: bool,
  bookmarks_count: int,
});

export const mentionableReader: Reader<MentionableResult> = object({
  users: arrayOf(object({ id: int, name: str, picture, is_following: bool })),
});
