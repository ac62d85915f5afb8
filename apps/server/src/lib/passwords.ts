/**
 * Password hashing. Passwords people choose are argon2id hashes with the OWASP-recommended minimum
 * cost (m=19 MiB, t=2, p=1). One-time passwords an admin hands out are random (72 bits), so a
 * salted SHA-256 holds them as well as argon2 would, at a cost that lets an import of 20,000
 * students finish in seconds (decision record 0014); they must be replaced at the first sign-in.
 */
import { hash, verify } from '@node-rs/argon2';
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

// 2 is Algorithm.Argon2id: a const enum, which isolated modules cannot read.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };
const ONE_TIME_PREFIX = 'otp-sha256$';
/** No 0/O, 1/l/I: a one-time password is read off a screen or a sheet and typed. */
const ONE_TIME_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const ONE_TIME_LENGTH = 13;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

/** A new one-time password: 13 characters of 55, about 75 bits. */
export function newOneTimePassword(): string {
  let text = '';
  for (let i = 0; i < ONE_TIME_LENGTH; i++)
    text += ONE_TIME_ALPHABET.charAt(randomInt(ONE_TIME_ALPHABET.length));
  return text;
}

const digest = (salt: string, password: string) =>
  createHash('sha256').update(salt).update(password).digest('hex');

/** The stored form of a one-time password; `verifyPassword` knows it. */
export function hashOneTimePassword(password: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${ONE_TIME_PREFIX}${salt}$${digest(salt, password)}`;
}

const isOneTime = (passwordHash: string) => passwordHash.startsWith(ONE_TIME_PREFIX);

function verifyOneTime(passwordHash: string, password: string): boolean {
  const [salt = '', expected = ''] = passwordHash.slice(ONE_TIME_PREFIX.length).split('$');
  const actual = Buffer.from(digest(salt, password), 'hex');
  const wanted = Buffer.from(expected, 'hex');
  return actual.length === wanted.length && timingSafeEqual(actual, wanted);
}

async function verifyArgon(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return isOneTime(passwordHash)
    ? verifyOneTime(passwordHash, password)
    : verifyArgon(passwordHash, password);
}

let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword('not-a-real-password'));

/**
 * A sign-in's check: exactly one argon2 verification whatever the account (decision record 0024).
 * An unknown account and one holding a one-time password (whose own check is a fast digest) are
 * verified against a dummy argon2 hash as well, so that neither answers sooner than a normal
 * account and timing does not tell the three apart.
 */
export async function checkSignInPassword(
  passwordHash: string | undefined,
  password: string,
): Promise<boolean> {
  const argon = passwordHash !== undefined && !isOneTime(passwordHash) ? passwordHash : await dummy();
  const right = await verifyArgon(argon, password);
  if (passwordHash === undefined) return false;
  return isOneTime(passwordHash) ? verifyOneTime(passwordHash, password) : right;
}

/** Warms the dummy hash, so that the first unknown User ID does not pay for making it. */
export const prepareSignInChecks = (): Promise<unknown> => dummy();
