import path from 'node:path';

/**
 * A file name a client sent, fit to keep and show: never a path (its last segment, whichever slash
 * the client's system uses), only printable characters, trimmed. With an `extension` (the type the
 * bytes turned out to be), the client's own extension is replaced by it.
 */
export function cleanFileName(
  name: string | undefined,
  { fallback, extension }: { fallback: string; extension?: string },
): string {
  const base = path.basename((name ?? '').replaceAll('\\', '/'));
  const printable = [...base]
    .filter((c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) !== 127)
    .join('')
    .trim();
  if (extension === undefined) return printable.slice(0, 200) || fallback;
  const stem = printable.replace(/\.[^.]*$/, '').slice(0, 180) || fallback;
  return `${stem}.${extension}`;
}

/** RFC 6266 / 5987: a Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
