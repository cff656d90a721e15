import fs from 'node:fs';
import path from 'node:path';
import { request, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { sql } from 'kysely';
import type { Db } from '../../server/db/database';
import { DEMO_PASSWORD, demoAccounts } from '../../server/db/seed/core';
import { currentOtp } from '../../server/lib/totp';

type Row = Record<string, unknown>;
type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

/**
 * A demo user signed in once, through the API, with two-step verification set up: the browser's
 * storage state, and what that sign-in left in the database (the user's changed columns, the session).
 */
interface SignedInState {
  secret: string;
  storageState: StorageState;
  userChanges: Row;
  sessions: Row[];
}

const statesFile = () =>
  path.resolve(`.tmp/e2e-signed-in-${path.basename(path.resolve(process.env.WEB_DIST_DIR ?? 'dist'))}.json`);

async function apiSignIn(baseURL: string, email: string): Promise<{ secret: string; storageState: StorageState }> {
  const api = await request.newContext({ baseURL });
  try {
    let token = ((await (await api.get('/api/auth/token')).json()) as { token: string }).token;
    const post = async (url: string, data: unknown) => {
      const answer = await api.post(url, { data, headers: { 'X-XSRF-TOKEN': token } });
      if (!answer.ok()) throw new Error(`${url} for ${email}: ${answer.status()} ${await answer.text()}`);
      token = answer.headers()['x-xsrf-token'] ?? token;
      return answer;
    };
    await post('/api/auth/login', { email, password: DEMO_PASSWORD });
    const { secret } = (await (await api.get('/api/auth/google2fa/qrcode')).json()) as { secret: string };
    await post('/api/auth/google2fa/enable', { otp_secret: currentOtp(secret) });
    return { secret, storageState: await api.storageState() };
  } finally {
    await api.dispose();
  }
}

const changedColumns = (before: Row, after: Row): Row =>
  Object.fromEntries(
    Object.entries(after).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key])),
  );

/**
 * Signs every demo user in once against a server on a scratch copy of the template and writes the
 * states for the tests (global set-up).
 */
export async function captureSignedInStates(baseURL: string, db: Db): Promise<void> {
  const states: Record<string, SignedInState> = {};
  for (const { email } of demoAccounts) {
    const before = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    const { secret, storageState } = await apiSignIn(baseURL, email);
    const after = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    const sessions = await db.selectFrom('sessions').selectAll().where('user_id', '=', after.id).execute();
    states[email] = { secret, storageState, userChanges: changedColumns(before, after), sessions };
  }
  fs.mkdirSync(path.dirname(statesFile()), { recursive: true });
  fs.writeFileSync(statesFile(), JSON.stringify(states));
}

let loaded: Record<string, SignedInState> | null = null;

/**
 * Gives `context` the demo user's stored sign-in: its cookies, and in the test's database the
 * session and the set-up two-step verification they stand for. Returns the user's 2FA secret.
 */
export async function restoreSignedIn(db: Db, context: BrowserContext, email: string): Promise<string> {
  loaded ??= JSON.parse(fs.readFileSync(statesFile(), 'utf8')) as Record<string, SignedInState>;
  const state = loaded[email];
  if (!state) throw new Error(`No stored sign-in for ${email}; the demo users are ${Object.keys(loaded).join(', ')}`);
  await db
    .updateTable('users')
    .set(state.userChanges)
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .execute();
  if (state.sessions.length)
    await db
      .insertInto('sessions')
      .values(state.sessions as never)
      .execute();
  await context.addCookies(state.storageState.cookies);
  return state.secret;
}
