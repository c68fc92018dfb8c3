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
