/** The ALTCHA challenge of a 1009180 answer's `data.challenge`. */
export interface ProofOfWorkChallenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

function challengeIn(data: unknown): ProofOfWorkChallenge | null {
  const c = (data as { challenge?: Partial<ProofOfWorkChallenge> } | null)?.challenge;
  const valid =
    typeof c?.algorithm === 'string' &&
    typeof c.challenge === 'string' &&
    typeof c.maxnumber === 'number' &&
    typeof c.salt === 'string' &&
    typeof c.signature === 'string';
  return valid ? (c as ProofOfWorkChallenge) : null;
}

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
 * `X-Proof-Of-Work`: ALTCHA's payload, base64; null when there is nothing to solve. Loaded only when
 * a server asks for a proof, never with the first screen.
 */
export async function solveProofOfWork(data: unknown): Promise<string | null> {
  const challenge = challengeIn(data);
  const number = challenge && (await solveInWorker(challenge));
  if (challenge === null || number === null) return null;
  const { algorithm, salt, signature } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }));
}
