import { ErrorNotice } from '../../ui/ErrorNotice';
import { useRuns, type Busy } from './store';

/** The error of an action on the selected run, shown beside the control that ran it (`at`). */
export function ActionError({ at }: { at: readonly Exclude<Busy, null>[] }) {
  const error = useRuns((s) => (s.actionErrorAt && at.includes(s.actionErrorAt) ? s.actionError : null));
  if (!error) return null;
  return <ErrorNotice error={error} onDismiss={() => useRuns.getState().dismissActionError()} />;
}
