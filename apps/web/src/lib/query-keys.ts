/**
 * Query keys more than one feature touches. Lists of people (companies, suggestions) all start with
 * `profileListsKey`, so a follow made anywhere can update every row of that person in every list.
 */
export const profileListsKey = ['profiles-list'] as const;

/**
 * Every cached list of posts and every single post (the posts feature's caches) starts with this key:
 * a new profile picture or name refreshes the author shown on one's own posts.
 */
export const postsKey = ['posts'] as const;
