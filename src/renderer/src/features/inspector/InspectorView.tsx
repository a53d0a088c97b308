import { EmptyState } from '../shell/EmptyState';

export function InspectorView() {
  return (
    <EmptyState title="Context inspector">
      <p className="muted">Select files and folders to preview what a run will send.</p>
    </EmptyState>
  );
}
