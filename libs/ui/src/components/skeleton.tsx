import { cx } from './class-names';
import './skeleton.css';

type Shape = 'bar' | 'line' | 'short' | 'block' | 'card';

/** A shimmering placeholder while content loads; hidden from assistive technology. */
export function Skeleton({
  shape = 'bar',
  as: Element = 'div',
  className,
}: {
  shape?: Shape;
  as?: 'div' | 'li' | 'span';
  className?: string;
}) {
  return (
    <Element aria-hidden="true" className={cx('ui-skeleton', shape !== 'bar' && `ui-skeleton--${shape}`, className)} />
  );
}

/** A region that is loading: says so to screen readers (role=status, aria-busy) and shimmers. */
export function LoadingStatus({
  label = 'Loading',
  shapes = ['bar'],
  className,
}: {
  label?: string;
  shapes?: Shape[];
  className?: string;
}) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className={className}>
      {shapes.map((shape, index) => (
        <Skeleton key={index} shape={shape} />
      ))}
    </div>
  );
}
