/**
 * Saves a blob as a file in the browser: a temporary object URL behind a temporary
 * `<a download>`. The URL is released after a moment, not at once: the browser may still be
 * starting the save when the click returns (Firefox saves nothing from a URL already revoked).
 */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = filename;
    link.rel = "noopener";
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
