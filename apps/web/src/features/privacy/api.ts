/** Each person's data (decision record 0084): the archive download and an admin's erasure. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EraseRequest, EraseResponse } from '@campus/contract';
import { api, download } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';

/** Saves the archive of a person (an admin's download) or of the signed-in person (no id). */
export async function downloadPersonData(accountId?: string): Promise<string> {
  const path = accountId ? `/api/people/${encodeURIComponent(accountId)}/export` : '/api/profile/export';
  const { blob, filename } = await download(path);
  const name = filename ?? 'my-data.zip';
  saveFile(blob, name);
  return name;
}

/** An admin's erasure; the lists that show people are read again after it. */
export function useErasePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, body }: { accountId: string; body: EraseRequest }) =>
      api<EraseResponse>(`/api/people/${encodeURIComponent(accountId)}/erase`, { method: 'POST', body }),
    onSuccess: () =>
      Promise.all(
        ['students', 'teachers', 'guards', 'groups', 'group-summaries', 'details'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      ),
  });
}
