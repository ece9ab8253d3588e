import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Queryable } from '../db/Db.ts';

/*
 * The desk's staff and their sessions (migration 009). Passwords are hashed with argon2id
 * (@node-rs/argon2's defaults: 19 MiB, 2 passes, as OWASP recommends); a session is a random
 * 32-byte value given to the browser in a cookie and kept here only as its SHA-256.
 */
export interface Staff {
  id: string;
  email: string;
  name: string;
}

/** How long a desk session lasts without signing in again: one working day. */
export const SESSION_HOURS = 9;

/** A password must be at least this long (NIST SP 800-63B asks for 8 at least; staff get 12). */
export const MINIMUM_PASSWORD_LENGTH = 12;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Compared against when the e-mail is unknown, so a wrong e-mail takes as long as a wrong password. */
let decoy: Promise<string> | undefined;

export async function addStaff(
  db: Queryable,
  { email, name, password }: { email: string; name: string; password: string },
): Promise<Staff> {
  if (password.length < MINIMUM_PASSWORD_LENGTH) {
    throw new Error(`A desk password needs at least ${MINIMUM_PASSWORD_LENGTH} characters.`);
  }
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO staff (email, name, password_hash) VALUES ($1, $2, $3) RETURNING id::text AS id`,
    [email.trim(), name.trim(), await hash(password)],
  );
  return { id: rows[0]!.id, email: email.trim(), name: name.trim() };
}

/** The staff member with this e-mail and password, if both are right and the account is open. */
export async function checkPassword(
  db: Queryable,
  email: string,
  password: string,
): Promise<Staff | undefined> {
  const { rows } = await db.query<{ id: string; email: string; name: string; password_hash: string }>(
    `SELECT id::text AS id, email, name, password_hash FROM staff
     WHERE lower(email) = lower($1) AND disabled_at IS NULL`,
    [email.trim()],
  );
  const found = rows[0];
  if (!found) {
    decoy ??= hash(randomBytes(16).toString('hex'));
    await verify(await decoy, password).catch(() => false);
    return undefined;
  }
  const right = await verify(found.password_hash, password).catch(() => false);
  return right ? { id: found.id, email: found.email, name: found.name } : undefined;
}

/** Opens a session for the staff member; answers the value for the cookie. */
export async function openSession(db: Queryable, staff: Staff, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + SESSION_HOURS * 3_600_000);
  await db.query('INSERT INTO staff_sessions (token_hash, staff_id, expires_at) VALUES ($1, $2, $3)', [
    sha256(token),
    staff.id,
    expires.toISOString(),
  ]);
  return token;
}

/** The staff member a cookie's session belongs to, while it is open and unexpired. */
export async function sessionStaff(db: Queryable, token: string | undefined): Promise<Staff | undefined> {
  if (!token || token.length > 100) return undefined;
  const { rows } = await db.query<Staff>(
    `SELECT s.id::text AS id, s.email, s.name FROM staff_sessions t JOIN staff s ON s.id = t.staff_id
     WHERE t.token_hash = $1 AND t.ended_at IS NULL AND t.expires_at > now() AND s.disabled_at IS NULL`,
    [sha256(token)],
  );
  return rows[0];
}

export async function endSession(db: Queryable, token: string | undefined): Promise<void> {
  if (!token || token.length > 100) return;
  await db.query('UPDATE staff_sessions SET ended_at = now() WHERE token_hash = $1 AND ended_at IS NULL', [
    sha256(token),
  ]);
}
