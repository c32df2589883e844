import { useQuery } from 'urql';
import { formatDateTime } from '../dates.ts';
import { graphql } from '../gql/index.ts';
import { useCan } from '../portal-context.tsx';
import { humanize, StatusBadge } from '../ui/badges.tsx';
import { Card } from '../ui/card.tsx';
import { CursorPager, useCursorStack } from '../ui/cursor-pager.tsx';
import { ScrollRegion } from '../ui/scroll-region.tsx';
import { EmptyState, ErrorState, Loading } from '../ui/states.tsx';

const AuditLog = graphql(`
  query PortalAuditLog($after: String) {
    auditLog(first: 25, after: $after) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          occurred
          action
          outcome
          clientAddress
          principal {
            kind
            label
          }
          target {
            type
            id
          }
        }
      }
    }
  }
`);

/** The project's audit log on the Settings page, for admins: every write, sign-in and failed sign-in, newest first. */
export function AuditLogCard() {
  const isAdmin = useCan('admin');
  const pages = useCursorStack();
  const [result, refetch] = useQuery({
    query: AuditLog,
    variables: { after: pages.after },
    pause: !isAdmin,
    requestPolicy: 'cache-and-network',
  });
  if (!isAdmin) {
    return (
      <Card title="Audit log">
        <EmptyState title="Admins read the audit log" />
      </Card>
    );
  }
  const page = result.data?.auditLog;
  return (
    <Card title="Audit log">
      <p className="hint">
        Every write by a key or a person, every sign-in and failed sign-in, newest first.
      </p>
      {result.error && !page ? (
        <ErrorState error={result.error} retry={() => refetch({ requestPolicy: 'network-only' })} />
      ) : !page ? (
        <Loading label="Loading the audit log" />
      ) : page.edges.length === 0 ? (
        <EmptyState title="Nothing recorded yet" />
      ) : (
        <>
          <ScrollRegion label="Audit log">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Action</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">By</th>
                  <th scope="col">Address</th>
                  <th scope="col">Target</th>
                </tr>
              </thead>
              <tbody>
                {page.edges.map(({ node }) => (
                  <tr key={node.id}>
                    <td>{formatDateTime(node.occurred)}</td>
                    <td className="mono">{node.action}</td>
                    <td>
                      <StatusBadge status={node.outcome} />
                    </td>
                    <td>
                      {node.principal.label ?? '—'}
                      {node.principal.kind ? (
                        <span className="subtle"> ({humanize(node.principal.kind).toLowerCase()})</span>
                      ) : null}
                    </td>
                    <td className="mono">{node.clientAddress ?? '—'}</td>
                    <td className="mono">
                      {node.target ? `${node.target.type} ${node.target.id.slice(0, 8)}…` : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <CursorPager
            stack={pages}
            hasNext={page.pageInfo.hasNextPage}
            endCursor={page.pageInfo.endCursor}
            labels={['Newer', 'Older']}
          />
        </>
      )}
    </Card>
  );
}
