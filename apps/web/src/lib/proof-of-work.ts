import type { ErrorCode } from '@portal/shared/errors/error-codes';
import type { FailureDataOf } from '@portal/shared/errors/error-data';

type ProofOfWorkRequired = FailureDataOf<typeof ErrorCode.ProofOfWorkRequired>;

/** The ALTCHA challenge of a 1009180 answer's `data.challenge`. */
export type ProofOfWorkChallenge = ProofOfWorkRequired['challenge'];

/** The number that solves the challenge, found in a Web Worker; null if the worker could not. */
function solveInWorker(challenge: ProofOfWorkChallenge): Promise<number | null> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./proof-of-work.worker.ts', import.meta.url), { type: 'module' });
    const done = (number: number | null) => {
      worker.terminate();
      resolve(number);
    };
    worker.onmessage = ({ data }: MessageEvent<number | null>) => done(data);
    worker.onerror = () => done(null);
    worker.postMessage(challenge);
  });
}

/**
 * Solves the challenge of a 1009180 answer's `data` and gives what the server wants in
 * `X-Proof-Of-Work`: ALTCHA's payload, base64; null when the worker found no solution. Loaded only when
 * a server asks for a proof, never with the first screen.
 */
export async function solveProofOfWork({ challenge }: ProofOfWorkRequired): Promise<string | null> {
  const number = await solveInWorker(challenge);
  if (number === null) return null;
  const { algorithm, salt, signature } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }));
}
