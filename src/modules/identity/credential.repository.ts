import type { Role } from '../../platform/auth/roles.ts';
import { preparedStatement } from '../../platform/db/prepared.ts';
import { Repository } from '../../platform/db/repository.ts';

/** What authenticating a key or a session needs about the project, in the same round trip. */
interface ProjectColumns {
  project_id: string;
  merchant_id: string;
  mode: 'test' | 'live';
  payment_methods: string[];
  merchant_name: string;
}

export interface KeyCallerRow extends ProjectColumns {
  key_id: string;
  prefix: string;
  role: Role;
  expires_at: Date | null;
}

export interface SessionCallerRow extends ProjectColumns {
  session_id: string;
  user_id: string;
  email: string;
  role: Role;
  expires_at: Date;
  last_seen_at: Date;
}

const PROJECT_COLUMNS = `p.id as project_id, p.merchant_id, p.mode, p.payment_methods,
  coalesce(m.name, p.name) as merchant_name`;

// Prepared once per pooled connection: a cache miss costs one parse-free round trip and no EntityManager fork.
const KEY_CALLER = preparedStatement(
  'credentials.key_caller',
  `select k.id as key_id, k.prefix, k.role, k.expires_at, ${PROJECT_COLUMNS}
     from api_keys k
     join projects p on p.id = k.project_id
     left join merchants m on m.id = p.merchant_id
    where k.key_hash = $1 and k.revoked_at is null and (k.expires_at is null or k.expires_at > $2)`,
);

const SESSION_CALLER = preparedStatement(
  'credentials.session_caller',
  `select s.id as session_id, s.expires_at, s.last_seen_at, u.id as user_id, u.email, u.role, ${PROJECT_COLUMNS}
     from merchant_sessions s
     join merchant_users u on u.id = s.user_id
     join projects p on p.id = u.project_id
     left join merchants m on m.id = p.merchant_id
    where s.token_hash = $1 and s.ended_at is null and s.expires_at > $2 and s.last_seen_at > $3`,
);

const TOUCH_KEY = preparedStatement(
  'credentials.touch_key',
  'update api_keys set last_used_at = $1 where id = $2 and (last_used_at is null or last_used_at < $1)',
);

const TOUCH_SESSION = preparedStatement(
  'credentials.touch_session',
  'update merchant_sessions set last_seen_at = $1 where id = $2 and last_seen_at < $1',
);

/** The hot lookups of authentication (one statement each) and the cross-process change notices. */
export class CredentialRepository extends Repository {
  /** The project behind a key that works at `at`, with its merchant's name. */
  async findKeyCaller(keyHash: string, at: Date): Promise<KeyCallerRow | null> {
    const rows = await this.prepared<KeyCallerRow>(KEY_CALLER, [keyHash, at]);
    return rows[0] ?? null;
  }

  /** The user and project behind a session that is open, not past its lifetime and not idle at `at`. */
  async findSessionCaller(tokenHash: string, at: Date, idleSince: Date): Promise<SessionCallerRow | null> {
    const rows = await this.prepared<SessionCallerRow>(SESSION_CALLER, [tokenHash, at, idleSince]);
    return rows[0] ?? null;
  }

  async touchKey(keyId: string, at: Date): Promise<void> {
    await this.prepared(TOUCH_KEY, [at, keyId]);
  }

  async touchSession(sessionId: string, at: Date): Promise<void> {
    await this.prepared(TOUCH_SESSION, [at, sessionId]);
  }
}
