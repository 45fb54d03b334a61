import { Modal } from '@shop/ui';
import { type PointerEvent, useEffect, useState } from 'react';
import type { GalleryImage } from './gallery';

interface Props {
  images: GalleryImage[];
  index: number;
  name: string;
  onShow: (index: number) => void;
  onClose: () => void;
}

/** How far a magnified picture is enlarged, and how far an arrow key moves it (percent). */
const MAGNIFY = 2.5;
const PAN_STEP = 10;
const clamp = (value: number) => Math.min(100, Math.max(0, value));

/**
 * The enlarged picture, in the design system's modal (focus kept inside, Escape closes, focus
 * back on the picture after). Arrow keys and the buttons go through the pictures; the magnifier
 * enlarges further and follows the pointer, or the arrow keys while it is on.
 */
export default function GalleryZoom({ images, index, name, onShow, onClose }: Props) {
  const [magnified, setMagnified] = useState(false);
  const [focus, setFocus] = useState({ x: 50, y: 50 });
  const current = images[index];
  const step = (by: number) => onShow(index + by);

  // The arrow keys work wherever focus is in the dialog (it opens on its close button).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const move = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
      if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      if (magnified) setFocus((f) => ({ x: clamp(f.x + move[0] * PAN_STEP), y: clamp(f.y + move[1] * PAN_STEP) }));
      else if (move[0] && images.length > 1) onShow(index + move[0]);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [magnified, index, images.length, onShow]);
  const follow = (event: PointerEvent<HTMLDivElement>) => {
    if (!magnified) return;
    const box = event.currentTarget.getBoundingClientRect();
    setFocus({
      x: clamp(((event.clientX - box.left) / box.width) * 100),
      y: clamp(((event.clientY - box.top) / box.height) * 100),
    });
  };

  return (
    <Modal open onClose={onClose} title={name} className="gallery-zoom" closeLabel="Close zoom">
      <div className="gallery-zoom__body">
        <div
          className="gallery-zoom__stage"
          data-magnified={magnified || undefined}
          onPointerMove={follow}
          onClick={() => setMagnified(!magnified)}
        >
          <img
            src={current.url}
            alt={current.alt}
            width={600}
            height={800}
            style={
              magnified ? { transform: `scale(${MAGNIFY})`, transformOrigin: `${focus.x}% ${focus.y}%` } : undefined
            }
          />
        </div>
        <div className="gallery-zoom__controls">
          {images.length > 1 && (
            <button type="button" className="gallery-zoom__button" onClick={() => step(-1)}>
              <span aria-hidden="true">‹</span> Previous
            </button>
          )}
          <button
            type="button"
            className="gallery-zoom__button"
            aria-pressed={magnified}
            onClick={() => setMagnified(!magnified)}
          >
            Magnify
          </button>
          {images.length > 1 && (
            <button type="button" className="gallery-zoom__button" onClick={() => step(1)}>
              Next <span aria-hidden="true">›</span>
            </button>
          )}
        </div>
        <p className="gallery-zoom__caption" aria-live="polite">
          {current.alt}
          {images.length > 1 && ` (${index + 1} of ${images.length})`}
        </p>
      </div>
    </Modal>
  );
}
