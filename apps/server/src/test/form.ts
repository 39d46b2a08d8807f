export type FileSpec = { name: string; bytes: Buffer; type?: string; field?: string };

/** A multipart body as a browser sends it (FormData through the Fetch API). */
export async function multipartBody(
  fields: Record<string, string>,
  files: FileSpec[] = [],
  defaultField = 'file',
) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  for (const f of files) {
    data.append(
      f.field ?? defaultField,
      new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'application/octet-stream' }),
      f.name,
    );
  }
  const response = new Response(data);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}
