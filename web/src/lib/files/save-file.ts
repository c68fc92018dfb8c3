/** Hands a downloaded blob to the browser as a file named `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, not before the download starts.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Name from `Content-Disposition: attachment; filename="…"`, if any. */
export function attachmentName(response: Response | undefined): string | undefined {
  const disposition = response?.headers.get('Content-Disposition') ?? '';
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1];
}

/** A download's answer: the blob when it worked, else the error body (JSON when it parses). */
export async function blobOrErrorBody(response: Response): Promise<unknown> {
  if (response.ok) return response.blob();
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
