import { EmptyState } from '../../ui/EmptyState';

export function PresetsView() {
  return (
    <EmptyState title="Team presets">
      <p className="muted">Shared run settings with revisions, imported and exported as files, are not in this build yet.</p>
    </EmptyState>
  );
}
