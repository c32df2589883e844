import { useEffect, useState } from 'react';
import { useQuery } from 'urql';
import { graphql } from './gql/index.ts';

const FeedEnd = graphql(`
  query PortalFeedEnd {
    events(last: 1) {
      pageInfo {
        endCursor
      }
    }
  }
`);

/**
 * The events feed's position when the page opened: a live subscription starts there (`afterEvent`), so nothing that
 * happens between the page's first read and the subscription is missed. Null while it is being read; a null cursor
 * (an empty feed, or the position could not be read) starts live.
 */
export function useFeedPosition(): { cursor: string | null } | null {
  const [result] = useQuery({ query: FeedEnd, requestPolicy: 'network-only' });
  const [position, setPosition] = useState<{ cursor: string | null } | null>(null);
  useEffect(() => {
    if (position || result.fetching) return;
    if (result.data) setPosition({ cursor: result.data.events.pageInfo.endCursor ?? null });
    else if (result.error) setPosition({ cursor: null });
  }, [position, result]);
  return position;
}
