import { isDatabaseOutage, isReplicaUnavailable } from '../../src/platform/errors/outage.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
/** As node-postgres raises what the server sent: its SQLSTATE and its severity. */
const fromServer = (code: string, severity: 'ERROR' | 'FATAL', message: string) =>
  Object.assign(new Error(message), { code, severity });

/** Issue 32: which failures are a database outage (503, replica fallback), and which are ours or the caller's. */
describe('telling a database outage from other failures', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection', withCode('ECONNRESET')],
    [
      'a Unix socket that is gone while the database is down',
      withCode('ENOENT', 'connect ENOENT /d/.s.PGSQL.5432'),
    ],
    ['a connect timeout', withCode('ETIMEDOUT')],
    ['the pool giving up waiting for a connection', new Error('timeout exceeded when trying to connect')],
    ['a connection terminated under a query', new Error('Connection terminated unexpectedly')],
    ['an administrator shutdown (57P01)', withCode('57P01')],
    ['a crash shutdown (57P02)', withCode('57P02')],
    ['a database starting up (57P03)', withCode('57P03')],
    ['too many connections (53300)', withCode('53300')],
    ['not accepting connections (55000)', withCode('55000')],
    ['a connection exception (08006)', withCode('08006')],
    ['a connection that does not exist (08003)', withCode('08003')],
    ['a connection that could not be made (08001)', withCode('08001')],
    ['a connection the server rejected (08004)', withCode('08004')],
    ['a connection exception without a subclass (08000)', withCode('08000')],
    [
      'PgBouncer closing the connection because it cannot reach the server (08P01, FATAL)',
      fromServer('08P01', 'FATAL', 'pgbouncer cannot connect to server'),
    ],
    [
      'an older PgBouncer saying the same as an ERROR',
      fromServer('08P01', 'ERROR', 'pgbouncer cannot connect to server'),
    ],
    ['PgBouncer giving up waiting for a server', fromServer('08P01', 'FATAL', 'query_wait_timeout')],
    [
      'a protocol violation wrapped by the ORM that closed the connection',
      Object.assign(new Error('wrapped'), {
        cause: fromServer(
          '08P01',
          'FATAL',
          'terminating connection because protocol synchronization was lost',
        ),
      }),
    ],
    ['a statement cancelled by the statement timeout (57014)', withCode('57014')],
    ['a transaction ended for sitting idle (25P03)', withCode('25P03')],
    [
      'an outage wrapped by the ORM',
      Object.assign(new Error('wrapped'), { cause: withCode('ECONNREFUSED') }),
    ],
    [
      'an outage under a GraphQL error',
      Object.assign(new Error('resolver'), { originalError: withCode('57P01') }),
    ],
  ])('%s is an outage', (_name, error) => {
    expect(isDatabaseOutage(error)).toBe(true);
    expect(isReplicaUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['a division by zero', withCode('22012')],
    ['a plain bug', new TypeError('undefined is not a function')],
    ['a missing file', withCode('ENOENT', "ENOENT: no such file or directory, open 'x'")],
    // The statement's own fault, answered on a connection that stays open: a retry would fail the same way.
    [
      'a bind of more parameters than the protocol can count (08P01)',
      fromServer(
        '08P01',
        'ERROR',
        'bind message supplies 0 parameters, but prepared statement "" requires 65536',
      ),
    ],
    [
      'a bind whose values do not match its statement (08P01)',
      fromServer('08P01', 'ERROR', 'bind message has 4464 parameter formats but 0 parameters'),
    ],
    ['a protocol violation with no severity known', withCode('08P01')],
    [
      'a protocol violation wrapped by the ORM and GraphQL',
      Object.assign(new Error('resolver'), {
        originalError: Object.assign(new Error('wrapped'), {
          cause: fromServer('08P01', 'ERROR', 'insufficient data left in message'),
        }),
      }),
    ],
  ])('%s is not an outage, nor a replica failure', (_name, error) => {
    expect(isDatabaseOutage(error)).toBe(false);
    expect(isReplicaUnavailable(error)).toBe(false);
  });

  it('counts a refused login or a missing database as a replica failure only', () => {
    for (const error of [withCode('28P01'), withCode('28000'), withCode('3D000')]) {
      expect(isDatabaseOutage(error)).toBe(false);
      expect(isReplicaUnavailable(error)).toBe(true);
    }
  });
});
