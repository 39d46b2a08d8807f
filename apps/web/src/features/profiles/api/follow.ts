import type { FollowInfo, ProfileSummary } from '@makan/contract/profiles';
import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserKey } from '../../../lib/current-user.ts';
import { http } from '../../../lib/http.ts';
import { followInfoReader, profileSummaryReader, profilesListReader } from '../../../lib/profile-readers.ts';
import { profileListsKey } from '../../../lib/query-keys.ts';
import { anything, arrayOf, object } from '../../../lib/read.ts';
import { ownProfileKey, userProfileKey } from './keys.ts';
import type { UserProfile } from './user-profile.ts';

export interface FollowChange {
  id: number;
  /** True to follow, false to stop following. */
  follow: boolean;
}

/**
 * POST (follow) or DELETE (unfollow) /api/profiles/{id}/follow: both idempotent, both answer that
 * profile's follow counts; 422 for yourself.
 */
export function changeFollow({ id, follow }: FollowChange) {
  return http.request(`/profiles/${id}/follow`, {
    method: follow ? 'POST' : 'DELETE',
    schema: followInfoReader,
    toast: 'none',
  });
}

// Lists of people come as pages (infinite queries) or as a plain array (suggestions).
const summaries = arrayOf(profileSummaryReader);
const pagedSummaries = object({ pages: arrayOf(profilesListReader), pageParams: arrayOf(anything) });
type Row = ProfileSummary;

/** Applies `edit` to the rows of person `id` in every cached list of people. */
function editListRows(queryClient: QueryClient, id: number, edit: (row: Row) => Row) {
  const editRow = (row: Row) => (row.id === id ? edit(row) : row);
  queryClient.setQueriesData<unknown>({ queryKey: profileListsKey }, (data: unknown) => {
    const list = summaries.safeParse(data);
    if (list.success) return list.data.map(editRow);
    const paged = pagedSummaries.safeParse(data);
    if (paged.success) {
      return {
        ...paged.data,
        pages: paged.data.pages.map((page) => ({ ...page, users: page.users.map(editRow) })),
      };
    }
    return data;
  });
}

function editProfile(queryClient: QueryClient, id: number, edit: (info: FollowInfo) => FollowInfo) {
  queryClient.setQueryData<UserProfile>(userProfileKey(id), (old) =>
    old ? { ...old, user: { ...old.user, follow_info: edit(old.user.follow_info) } } : old,
  );
}

type Snapshot = Array<[QueryKey, unknown]>;

/**
 * Optimistic (spec §4 for edits, applied here too): the button, the follower count of that person
 * everywhere they are shown, and your own following count change at once; the server's counts
 * replace them, and a failure puts everything back.
 */
export function useFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeFollow,
    // One change per person at a time, in order: a quick follow-unfollow ends as the user left it.
    scope: { id: 'follow' },
    onMutate: async ({ id, follow }): Promise<Snapshot> => {
      const keys = [userProfileKey(id), profileListsKey];
      await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
      const snapshot = keys.flatMap((queryKey) => queryClient.getQueriesData({ queryKey }));
      const step = (following: boolean) => (following === follow ? 0 : follow ? 1 : -1);
      editProfile(queryClient, id, (info) => ({
        ...info,
        is_following: follow,
        followers_count: Math.max(0, info.followers_count + step(info.is_following)),
      }));
      editListRows(queryClient, id, (row) => ({
        ...row,
        is_following: follow,
        followers_count: Math.max(0, row.followers_count + step(row.is_following)),
      }));
      return snapshot;
    },
    onError: (_error, _change, snapshot) => {
      for (const [queryKey, data] of snapshot ?? []) queryClient.setQueryData(queryKey, data);
    },
    onSuccess: ({ data: info }, { id }) => {
      editProfile(queryClient, id, () => info);
      editListRows(queryClient, id, (row) => ({
        ...row,
        is_following: info.is_following,
        followers_count: info.followers_count,
      }));
    },
    onSettled: () => {
      // Your own "following" count changed on the server; read it again when next shown.
      void queryClient.invalidateQueries({ queryKey: ownProfileKey });
      void queryClient.invalidateQueries({ queryKey: currentUserKey, exact: true });
    },
  });
}
