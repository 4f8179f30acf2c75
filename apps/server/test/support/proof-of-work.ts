import { hash } from 'node:crypto';

interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** Solves a 1009180 challenge as a script would, with Node's own SHA-256 (the web app's worker takes
 *  longer), and returns the `X-Proof-Of-Work` header's value: ALTCHA's payload, base64. */
export function solveProofOfWork(challenge: Challenge): string {
  for (let number = 0; number <= challenge.maxnumber; number++) {
    if (hash('sha256', challenge.salt + number, 'hex') !== challenge.challenge) continue;
    const { algorithm, salt, signature } = challenge;
    const payload = { algorithm, challenge: challenge.challenge, number, salt, signature };
    return Buffer.from(JSON.stringify(payload)).toString('base64');
  }
  throw new Error('the challenge has no solution below its maxnumber');
}
