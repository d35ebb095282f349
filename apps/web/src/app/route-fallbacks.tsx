/** Shown while the first route's code loads: a crest and a spinner, no text (i18n is not loaded yet). */
export function PageLoading() {
  return (
    <div className="boot" aria-busy="true">
      <span className="boot__crest" aria-hidden="true">
        ♛
      </span>
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}
