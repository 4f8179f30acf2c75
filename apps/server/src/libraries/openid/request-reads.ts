import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What one request to the provider has read already, so that it reads it once: the library looks up
 * a client twice in a call (its authentication, then the token's client), an opaque token under each
 * model it could be until one answers, and the claims of a grant once for the ID token and once for
 * the access token of a refresh. Nothing outlives the request, so no other process's change can be
 * missed; a write of the provider's storage in the request forgets the rows read before it.
 */
const reads = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs one request of the provider with its own reads. */
export function withRequestReads<T>(work: () => Promise<T>): Promise<T> {
  return reads.run(new Map(), work);
}

/** `load`'s answer for `key`, read once in the request (outside one, every time); a failed read is not kept. */
export function readOnce<T>(key: string, load: () => Promise<T>): Promise<T> {
  const store = reads.getStore();
  if (!store) return load();
  let read = store.get(key) as Promise<T> | undefined;
  if (!read) {
    read = load();
    store.set(key, read);
    read.catch(() => store.delete(key));
  }
  return read;
}

/** After a write: the request's later reads of the keys starting with `prefix` see it. */
export function forgetReads(prefix: string): void {
  const store = reads.getStore();
  if (!store) return;
  for (const key of store.keys()) if (key.startsWith(prefix)) store.delete(key);
}
