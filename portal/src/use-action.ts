import { useState } from 'react';
import type { AnyVariables, DocumentInput } from 'urql';
import { useClient } from 'urql';
import { usePortal } from './portal-context.tsx';

interface UserError {
  field?: string | null;
  code: string;
  message: string;
}

export type ActionResult<T> = { ok: true; data: T } | { ok: false; message: string };

/**
 * One confirmed write: a fresh `Idempotency-Key` each time a confirmation opens (whatever sends that confirmation
 * again sends the same key, so the server writes once), the mutation with the CSRF header, and the answer read
 * from the server: its `userErrors`, or the result.
 */
export function useConfirmedAction<Data, Variables extends AnyVariables>(
  document: DocumentInput<Data, Variables>,
  payloadOf: (data: Data) => { userErrors: UserError[] },
) {
  const client = useClient();
  const { portal } = usePortal();
  const [key, setKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ActionResult<Data> | null>(null);
  return {
    open: key !== null,
    busy,
    result,
    begin() {
      setKey(crypto.randomUUID());
      setResult(null);
    },
    cancel() {
      setKey(null);
    },
    clear() {
      setResult(null);
    },
    async confirm(variables: Variables): Promise<ActionResult<Data>> {
      setBusy(true);
      const answer = await client
        .mutation(document, variables, {
          ...portal.writeOptions(key ?? crypto.randomUUID()),
          requestPolicy: 'network-only',
        })
        .toPromise();
      setBusy(false);
      let outcome: ActionResult<Data>;
      if (answer.error || !answer.data) {
        outcome = {
          ok: false,
          message: answer.error?.graphQLErrors[0]?.message ?? 'The server could not be reached',
        };
      } else {
        const errors = payloadOf(answer.data).userErrors;
        outcome =
          errors.length > 0
            ? { ok: false, message: errors.map((e) => e.message).join(' ') }
            : { ok: true, data: answer.data };
      }
      setResult(outcome);
      setKey(null);
      return outcome;
    },
  };
}
