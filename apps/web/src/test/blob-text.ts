/**
 * The text of a Blob the app made or received. Under jsdom, `new Blob()` is jsdom's Blob, which up to
 * jsdom 27 has no text() but which jsdom's FileReader reads; `Response.blob()` gives Node's own Blob
 * on Node 22 (which FileReader refuses) and jsdom's on Node 24 and 26 (as Vitest's jsdom environment
 * runs them). Either is read here.
 */
export function blobText(blob: Blob): Promise<string> {
  if (!(blob instanceof window.Blob)) return (blob as Blob).text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('the blob could not be read'));
    reader.readAsText(blob);
  });
}
