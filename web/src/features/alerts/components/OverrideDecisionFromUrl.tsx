import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_GRANT_HOURS, useOverrideDecision } from '../model/use-override-decision';

/** The id of a positive whole number in the query, or null. */
function requestIdOf(value: string | null): number | null {
  if (!value || !/^[1-9][0-9]{0,15}$/.test(value)) return null;
  return Number(value);
}

/**
 * A notification's "Grant 2 hours" / "Deny" (the owner's dashboard,
 * `?overrideRequest=ID&decision=grant|deny`): decides the request through the dashboard's
 * buttons' path, says how it went, and takes the query away so a reload does not repeat it.
 * Renders nothing.
 */
export function OverrideDecisionFromUrl() {
  const [search, setSearch] = useSearchParams();
  const { run } = useOverrideDecision();
  const done = useRef<string | null>(null);
  const idParam = search.get('overrideRequest');
  const decisionParam = search.get('decision');
  useEffect(() => {
    if (idParam === null && decisionParam === null) return;
    const key = `${idParam}:${decisionParam}`;
    if (done.current === key) return;
    done.current = key;
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('overrideRequest');
        next.delete('decision');
        return next;
      },
      { replace: true },
    );
    const id = requestIdOf(idParam);
    if (id === null || (decisionParam !== 'grant' && decisionParam !== 'deny')) return;
    void run(id, decisionParam === 'grant' ? 'approve' : 'deny', decisionParam === 'grant' ? DEFAULT_GRANT_HOURS : undefined);
  }, [idParam, decisionParam, run, setSearch]);
  return null;
}
