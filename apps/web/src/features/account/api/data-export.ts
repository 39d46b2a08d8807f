import { dataExportSchema, latestDataExport } from '@makan/contract/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchPrivateFile, http } from '../../../lib/http.ts';
import { setNewerData } from '../../../lib/newer-data.ts';

const exportKey = ['account', 'data-export'] as const;

/** GET /api/account/export: the latest copy asked for; checked again every 3 s while it is prepared. */
export function useDataExport() {
  return useQuery({
    queryKey: exportKey,
    queryFn: async () => (await http.request('/account/export', { schema: latestDataExport })).data.export,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 3000 : false),
  });
}

/** POST /api/account/export: a new copy, prepared in the background. */
export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      http.request('/account/export', { method: 'POST', toast: 'none', schema: dataExportSchema }),
    onSuccess: ({ data }) => setNewerData(queryClient, exportKey, data),
  });
}

const fileNameOf = (disposition: string | null) =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'makan-data.json';

/**
 * Downloads a prepared archive with the session's token (the link answers its owner only) and hands
 * it to the browser as a file.
 */
export async function downloadArchive(url: string): Promise<void> {
  const response = await fetchPrivateFile(url);
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameOf(response.headers.get('content-disposition'));
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
