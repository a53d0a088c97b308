import { EmptyState } from '../../ui/EmptyState';

export function XRayView() {
  return (
    <EmptyState title="Context X-Ray">
      <p className="muted">
        X-Ray shows a thread’s model-bound context as segments once runs exist. It is not in this build yet.
      </p>
    </EmptyState>
  );
}
