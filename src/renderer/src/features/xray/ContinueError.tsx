import { ErrorNotice } from '../../ui/ErrorNotice';
import { useXray } from './store';

/** What a continuation refused, under its form (not at the top of the view, out of sight). */
export function ContinueError() {
  const failed = useXray((s) => (s.actionError?.at === 'continue' ? s.actionError.error : null));
  if (!failed) return null;
  return <ErrorNotice error={failed} onDismiss={() => useXray.getState().clearActionError()} />;
}
