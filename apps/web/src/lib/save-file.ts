/** Hands a file to the browser to save, as a link with `download` would. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the next turn is late enough.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
