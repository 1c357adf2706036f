// Finding a session by its id: one statement for a group of lookups (group-commit.ts) that also
// reads the session's user and the learner's rows (learner store), and on PGlite a copy in memory
// that change notifications keep exact. Checking the secret and the limits is session.ts's.
import { ChangeCache, onTableChange } from '../platform/change-cache.ts';
import { GroupCommit } from '../platform/group-commit.ts';
import { keptRowsAt, keptRowsVersion, learnerColumns, learnerVersionColumn, markLearnerRows, offerLearnerRows, rowsAtVersion, type LearnerRows } from '../learning/learner-store/index.ts';
import { readStatement } from '../platform/statement.ts';
import type { SessionInfo, SessionUser } from './types.ts';

export interface StoredSession {
  session: SessionInfo & { secretHash: string };
  user: SessionUser;
}

const sessionCache = new ChangeCache<StoredSession>(20_000);
onTableChange((table, id) => {
  if (table === 'sessions') sessionCache.delete(id);
  else if (table === 'users') sessionCache.deleteWhere((s) => s.user.id === id);
});

/**
 * Sessions with their users and learners' rows, one statement for a group of lookups: the
 * lookups that arrive while one statement runs wait for it and go together in the next (see
 * group-commit.ts), so a burst of signed-in requests costs a few statements, not one each.
 * Each wanted id is looked up by the primary key (the lateral subquery, kept apart by
 * `offset 0`), a plan that suits any number of ids, so PostgreSQL can keep one plan for the
 * statement instead of planning it anew each time (see db/client.ts). With each id goes the data
 * version of the learner rows this process keeps for its user (rows.ts), if any: the learner rows
 * are read only when the learner's version is another (a loyal learner's progress is a row per
 * lesson, built into JSON for every request before). The `offset 0` of the version and
 * of the learner rows keeps each a subquery of its own: flattened into the join, PostgreSQL built
 * the learner rows first and only then dropped them by the join's filter.
 */
export const FIND_SESSIONS_SQL = `select s.id, s.secret_hash, s.user_id, s.created_at, s.last_used_at, s.persistent,
  u.email, u.first_name, u.last_name, u.phone_number, u.zip_code, u.role,
  u.email_verified_at is not null as email_verified, u.password_hash is not null as has_password,
  v.version, l.key, l.progress, l.assessment, l.daily
  from unnest(string_to_array($1::text, ','), string_to_array($2::text, ',')) as wanted(id, known)
  cross join lateral (select * from sessions where sessions.id = wanted.id offset 0) s
  join users u on u.id = s.user_id
  cross join lateral (select ${learnerVersionColumn('s.user_id')} as version offset 0) v
  left join lateral (select ${learnerColumns('s.user_id')} where v.version is distinct from wanted.known offset 0) l on true`;

/**
 * The shape of every id `createSession` issues (base32, lower case). Anything else cannot name a
 * session, so it is never looked up, and the ids of a group travel as one comma-separated text:
 * a plain text parameter, which both drivers send as it is (postgres.js serializes an array
 * parameter only once it has fetched the server's array types; one CI run caught it before).
 */
const SESSION_ID = /^[a-z2-7]{1,64}$/;

interface SessionRow {
  id: string;
  secret_hash: string;
  user_id: string;
  created_at: Date | string;
  last_used_at: Date | string;
  persistent: number;
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  zip_code: string | null;
  role: SessionUser['role'];
  email_verified: boolean;
  has_password: boolean;
  /** Null (as the other learner columns) when the learner's version is the one sent. */
  key: unknown;
  progress: unknown;
  assessment: unknown;
  daily: unknown;
  version: string;
}

const findSessions = readStatement<[commaSeparatedIds: string, commaSeparatedKnownVersions: string], SessionRow>(FIND_SESSIONS_SQL);

/** Each session's user, as last looked up: to send the version of the learner rows kept for them. */
const userOfSession = new Map<string, string>();

const sessionReader = new GroupCommit<string, SessionRow | undefined>(
  async (ids) => {
    const known = ids.map((id) => {
      const userId = userOfSession.get(id);
      return (userId && keptRowsVersion(userId)) ?? '';
    });
    const rows = await findSessions.run(ids.join(','), known.join(','));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id));
  },
  // Concurrent requests on one session share a lookup still waiting to be sent (a burst of 50 on
  // one cookie costs one row, not 50 statements one after another); one already sent is never
  // shared, so a request always sees the writes made before it arrived.
  { max: 64, keyOf: (id) => id, retryAlone: () => false, shareWaiting: true },
);

/**
 * The stored session; when this call read it from the database, also the learner's rows and their
 * data version (learner-store/versions.ts) as of that read.
 */
export async function findStoredSession(id: string): Promise<{ stored: StoredSession; learner?: LearnerRows; version?: string } | undefined> {
  const cached = sessionCache.get(id);
  if (cached) return { stored: cached };
  if (!SESSION_ID.test(id)) return undefined;
  const mark = sessionCache.mark();
  const learnerMark = markLearnerRows();
  const row = await sessionReader.submit(id);
  if (!row) return undefined;
  const stored: StoredSession = {
    session: {
      id: row.id,
      secretHash: row.secret_hash,
      userId: row.user_id,
      createdAt: new Date(row.created_at),
      lastUsedAt: new Date(row.last_used_at),
      persistent: row.persistent === 1,
    },
    user: {
      id: row.user_id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      phoneNumber: row.phone_number,
      zipCode: row.zip_code,
      role: row.role,
      emailVerified: row.email_verified,
      hasPassword: row.has_password,
    },
  };
  sessionCache.set(id, stored, mark);
  if (!userOfSession.has(id) && userOfSession.size >= 20_000) userOfSession.delete(userOfSession.keys().next().value!);
  userOfSession.set(id, row.user_id);
  // Rows not sent (the version was the kept one) and no longer kept: the request reads them itself.
  const learner = row.key === null ? keptRowsAt(row.user_id, row.version) : rowsAtVersion(row.user_id, row.version, row);
  if (!learner) return { stored };
  offerLearnerRows(row.user_id, learner, learnerMark);
  return { stored, learner, version: row.version };
}
