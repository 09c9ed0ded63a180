import { isoCBOR } from '@simplewebauthn/server/helpers';
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software WebAuthn authenticator for tests: ES256 keys from node:crypto, "none" attestation,
 * discoverable credentials, user presence and verification always given. It answers the options
 * the server hands out as a browser would pass them to @simplewebauthn/browser.
 */

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  rpId: string;
  /** The user.id of the registration options (base64url), answered as userHandle. */
  userHandle: string;
  counter: number;
}

/** What to get wrong on purpose. */
export interface Tampering {
  origin?: string;
  rpId?: string;
  /** The counter to sign with, instead of the next one. */
  counter?: number;
  /** No user-verification flag. */
  unverified?: boolean;
}

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer) {
  const head = Buffer.alloc(37);
  sha256(rpId).copy(head, 0);
  head.writeUInt8(flags, 32);
  head.writeUInt32BE(counter, 33);
  return attested ? Buffer.concat([head, attested]) : head;
}

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  /** `keepsCounter`: false for an authenticator whose signature counter stays 0. */
  constructor(
    readonly origin: string,
    readonly keepsCounter = true,
  ) {}

  /** navigator.credentials.create(): a new credential, answered as RegistrationResponseJSON. */
  create(
    options: { challenge: string; rp: { id?: string }; user: { id: string } },
    tamper: Tampering = {},
  ) {
    const rpId = tamper.rpId ?? options.rp.id!;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const id = randomBytes(16);
    const credential: SoftCredential = {
      id,
      privateKey,
      publicKey,
      rpId,
      userHandle: options.user.id,
      counter: 0,
    };
    this.credentials.push(credential);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, coseKey(publicKey)]);
    const flags = FLAG_UP | FLAG_AT | (tamper.unverified ? 0 : FLAG_UV);
    const authData = authenticatorData(rpId, flags, 0, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, never>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: tamper.origin ?? this.origin,
      crossOrigin: false,
    });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /**
   * navigator.credentials.get() with discoverable credentials: signs with `credential` (else the
   * newest one for the RP ID), answered as AuthenticationResponseJSON.
   */
  get(
    options: { challenge: string; rpId?: string },
    tamper: Tampering = {},
    credential = this.credentials.findLast((c) => c.rpId === options.rpId),
  ) {
    if (!credential) throw new Error(`no credential for ${options.rpId}`);
    if (this.keepsCounter && tamper.counter === undefined) credential.counter += 1;
    const counter = tamper.counter ?? (this.keepsCounter ? credential.counter : 0);
    const flags = FLAG_UP | (tamper.unverified ? 0 : FLAG_UV);
    const authData = authenticatorData(tamper.rpId ?? options.rpId!, flags, counter);
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.get',
      challenge: options.challenge,
      origin: tamper.origin ?? this.origin,
      crossOrigin: false,
    });
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
