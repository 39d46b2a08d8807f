import { http } from '../../../lib/http.ts';
import { messageReader } from './readers.ts';

export interface SendFileInput {
  conversationId: number;
  file: File;
  caption: string;
  replyToId: number | null;
  clientId: string;
  onUploadProgress?: (fraction: number) => void;
}

/** POST /api/chat/conversations/{id}/files (multipart: one `file`, optional `message` caption). */
export async function sendFile({
  conversationId,
  file,
  caption,
  replyToId,
  clientId,
  onUploadProgress,
}: SendFileInput) {
  const body = new FormData();
  body.append('file', file, file.name);
  if (caption.trim()) body.append('message', caption);
  body.append('client_id', clientId);
  if (replyToId) body.append('reply_to_id', String(replyToId));
  const { data } = await http.request(`/chat/conversations/${conversationId}/files`, {
    method: 'POST',
    body,
    schema: messageReader,
    toast: 'none',
    ...(onUploadProgress ? { onUploadProgress } : {}),
  });
  return data;
}
