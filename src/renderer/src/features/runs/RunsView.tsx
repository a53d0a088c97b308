import { EmptyState } from '../../ui/EmptyState';

export function RunsView() {
  return (
    <EmptyState title="Runs">
      <p className="muted">
        Launching agents (Claude Code, Codex CLI, Gemini CLI or any command) with a checked context budget is not in
        this build yet. Use the Inspector to preview what a run would receive.
      </p>
    </EmptyState>
  );
}
