import { useShell } from '../state/shell-store';
import { VIEW_REGISTRY } from './view-registry';

/** The section list on the left, drawn from the view registry. */
export function NavRail() {
  const view = useShell((s) => s.view);
  const setView = useShell((s) => s.setView);
  return (
    <nav className="nav-rail" aria-label="Sections">
      <div className="brand" title="Loupe">
        <span className="brand-mark" aria-hidden>
          ◉
        </span>
        <span>Loupe</span>
      </div>
      {VIEW_REGISTRY.map((v) => (
        <button
          key={v.id}
          type="button"
          className={v.id === view ? 'nav-item active' : 'nav-item'}
          aria-current={v.id === view ? 'page' : undefined}
          onClick={() => setView(v.id)}
          data-nav={v.id}
        >
          <span className="nav-icon" aria-hidden>
            {v.icon}
          </span>
          {v.label}
        </button>
      ))}
    </nav>
  );
}
