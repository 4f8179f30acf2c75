import { type KeyObject, createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/**
 * A WebAuthn authenticator in software, for the tests: an ES256 key pair per credential, and the
 * registration (`none` attestation) and sign-in answers a browser would hand on, built byte by byte
 * after the WebAuthn Level 3 specification (authenticator data, COSE key, CBOR attestation object).
 */

type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(length, 1);
  return b;
}

/** The CBOR encoding (RFC 8949) of the few kinds WebAuthn needs. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

export interface SoftwareCredential {
  id: Buffer;
  privateKey: KeyObject;
  /** The signature counter the next sign-in reports, then increments; null: the authenticator keeps none (0). */
  counter: number | null;
  userHandle: string;
}

export interface CeremonyOptions {
  origin?: string;
  rpId?: string;
  /** User verification done (the UV flag). */
  verified?: boolean;
  /** A passkey synced to the person's other devices (the backup-eligible and backed-up flags). */
  backedUp?: boolean;
}

const backupFlags = (ceremony: CeremonyOptions) => (ceremony.backedUp ? FLAG_BE | FLAG_BS : 0);

/** The origin the tests' app has by default (PUBLIC_URL = http://localhost:8080). */
export const TEST_ORIGIN = 'http://localhost:8080';

function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  return cbor(
    new Map<number, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

/** Answers `navigator.credentials.create()` for the options the server gave: a new credential. */
export function createCredential(
  options: { challenge: string; rp: { id?: string }; user: { id: string } },
  ceremony: CeremonyOptions & { counter?: number | null; id?: Buffer } = {},
): { credential: SoftwareCredential; response: Record<string, unknown> } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const id = ceremony.id ?? randomBytes(32);
  const origin = ceremony.origin ?? TEST_ORIGIN;
  const clientDataJSON = Buffer.from(
    JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }),
  );
  const flags = FLAG_UP | FLAG_AT | (ceremony.verified === false ? 0 : FLAG_UV) | backupFlags(ceremony);
  const counter = ceremony.counter === undefined ? 1 : ceremony.counter;
  const countBytes = Buffer.alloc(4);
  countBytes.writeUInt32BE(counter ?? 0);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(id.length);
  const authData = Buffer.concat([
    sha256(ceremony.rpId ?? options.rp.id ?? 'localhost'),
    Buffer.from([flags]),
    countBytes,
    Buffer.alloc(16), // AAGUID: none
    idLength,
    id,
    coseKey(publicKey),
  ]);
  const attestationObject = cbor(
    new Map<string, Cbor>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]),
  );
  return {
    credential: { id, privateKey, counter: counter === null ? null : counter + 1, userHandle: options.user.id },
    response: {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: { credProps: { rk: true } },
    },
  };
}

/** Answers `navigator.credentials.get()` with the credential; its counter moves on unless `counter` is given. */
export function signInResponse(
  credential: SoftwareCredential,
  challenge: string,
  ceremony: CeremonyOptions & { counter?: number } = {},
): Record<string, unknown> {
  const origin = ceremony.origin ?? TEST_ORIGIN;
  const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin, crossOrigin: false }));
  const counter = ceremony.counter ?? credential.counter ?? 0;
  if (ceremony.counter === undefined && credential.counter !== null) credential.counter += 1;
  const countBytes = Buffer.alloc(4);
  countBytes.writeUInt32BE(counter);
  const flags = FLAG_UP | (ceremony.verified === false ? 0 : FLAG_UV) | backupFlags(ceremony);
  const authenticatorData = Buffer.concat([sha256(ceremony.rpId ?? 'localhost'), Buffer.from([flags]), countBytes]);
  const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), credential.privateKey);
  return {
    id: b64url(credential.id),
    rawId: b64url(credential.id),
    type: 'public-key',
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authenticatorData),
      signature: b64url(signature),
      userHandle: credential.userHandle,
    },
    authenticatorAttachment: 'platform',
    clientExtensionResults: {},
  };
}
