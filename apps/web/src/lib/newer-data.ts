import type { QueryClient, QueryKey, Updater } from '@tanstack/react-query';

/**
 * Writes into a query what is newer than any answer still on its way: a live event, or a change's own
 * answer. A read of that query already under way began before the change, and would land over it with
 * the older answer (the bell's count of 1 from a like put back to nothing by the reconnect's read that
 * crossed the event). That read is dropped and the query asked again, so it ends on an answer that
 * includes the change; with no read under way, nothing more is asked.
 */
export function setNewerData<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  updater: Updater<T | undefined, T | undefined>,
): void {
  queryClient.setQueryData<T>(queryKey, updater);
  if (queryClient.isFetching({ queryKey, exact: true }) > 0) {
    // cancelRefetch: the read under way is dropped without putting back what it began from.
    void queryClient.refetchQueries({ queryKey, exact: true }, { cancelRefetch: true });
  }
}
