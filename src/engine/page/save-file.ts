/** Hands a downloaded file (a blob answer of the HTTP client) to the browser to save under `name`. */
export function saveFile(blob: unknown, name: string): void {
  if (!(blob instanceof Blob)) return;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
