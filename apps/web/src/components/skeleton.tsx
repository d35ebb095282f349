/** A shimmering placeholder shown while data loads. */
export function Skeleton({ width = '100%', height = '1.2em', label }: { width?: string; height?: string; label?: string }) {
  return <span className="skeleton" style={{ width, height }} role="progressbar" aria-busy="true" aria-label={label} />;
}
