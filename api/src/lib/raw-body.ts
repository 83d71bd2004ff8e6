/** A request's whole body as text, at most `limitBytes`; undefined past that. For endpoints served ahead of the body parser. */
export async function readBodyText(stream: NodeJS.ReadableStream, limitBytes: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > limitBytes) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
