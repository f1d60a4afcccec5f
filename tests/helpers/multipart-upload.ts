/**
 * A multipart/form-data request whose file part is generated as it is read, never held whole:
 * the way a browser streams a large upload, for the contacts import's tests and benchmark. The
 * form's fields come first (the page's order), then the file. `onPull` sees each chunk's index
 * as the reader asks for it (a test can look at the database at that moment).
 */
export type StreamedUpload = {
  url: string;
  fields: Record<string, string>;
  fileName: string;
  /** The file's content, in chunks (strings are UTF-8). */
  chunks: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>;
  headers?: Record<string, string>;
  onPull?: (index: number) => void | Promise<void>;
};

export function streamedUpload({ url, fields, fileName, chunks, headers = {}, onPull }: StreamedUpload): Request {
  const boundary = `----import-test-${Math.random().toString(36).slice(2)}`;
  const encoder = new TextEncoder();
  const head = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("");
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`;
  async function* parts(): AsyncGenerator<Uint8Array> {
    yield encoder.encode(head + fileHead);
    for await (const chunk of chunks) yield typeof chunk === "string" ? encoder.encode(chunk) : chunk;
    yield encoder.encode(`\r\n--${boundary}--\r\n`);
  }
  const iterator = parts();
  let index = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        await onPull?.(index++);
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
    },
    { highWaterMark: 0 },
  );
  return new Request(url, {
    method: "POST",
    body,
    duplex: "half",
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, ...headers },
  } as RequestInit);
}
