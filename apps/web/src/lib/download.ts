/** Hands a file to the browser as a download, as if a link to it had been followed. */
export function saveFile(fileName: string, file: Blob): void {
  const url = URL.createObjectURL(file);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // the click has handed the file over; the next task may let it go
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** Text as a UTF-8 file download. */
export function downloadText(fileName: string, text: string): void {
  saveFile(fileName, new Blob([text], { type: 'text/plain;charset=utf-8' }));
}
