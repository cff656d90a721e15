type FilePart = { name: string; data: Buffer; type?: string };

/**
 * A multipart/form-data body as a browser sends it; files carry the type and name the client claims (a list: several
 * parts of one name).
 */
export function multipartBody(fields: Record<string, string>, files: Record<string, FilePart | FilePart[]> = {}) {
  const boundary = `----portaltest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(files).flatMap(([n, f]) => [f].flat().map((one) => [n, one] as const))) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    boundary,
  };
}
