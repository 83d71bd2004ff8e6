/** Hands a file the API answered (its body and headers) to the browser as a download, under the name the API gave it. */
export function saveDownload(body: string, headers: Headers, fallbackName: string): void {
  const name = /filename="([^"]+)"/.exec(headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(new Blob([body], { type: 'text/csv' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
