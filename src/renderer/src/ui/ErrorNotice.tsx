import type { UiError } from './ui-error';

/** A plain-language error with its stable code, optionally dismissible. */
export function ErrorNotice({ error, onDismiss }: { error: UiError; onDismiss?: () => void }) {
  return (
    <div className="notice notice-error" role="alert" data-error-code={error.code}>
      <div>
        <strong>{error.title}</strong>
        <p>{error.message}</p>
      </div>
      {onDismiss && (
        <button type="button" className="ghost" onClick={onDismiss} aria-label="Dismiss error">
          ×
        </button>
      )}
    </div>
  );
}
