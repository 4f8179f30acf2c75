/// <reference lib="webworker" />
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { ProofOfWorkChallenge } from './proof-of-work';

/**
 * Finds the number whose SHA-256 with the salt is the challenge, off the main thread. A synchronous
 * hash: ALTCHA's own solver awaits one WebCrypto digest per number, and in a browser the await costs
 * many times the hash, which is what the person would wait for.
 */
self.onmessage = ({ data }: MessageEvent<ProofOfWorkChallenge>) => {
  for (let number = 0; number <= data.maxnumber; number++) {
    if (bytesToHex(sha256(utf8ToBytes(data.salt + number))) === data.challenge) return self.postMessage(number);
  }
  self.postMessage(null);
};
