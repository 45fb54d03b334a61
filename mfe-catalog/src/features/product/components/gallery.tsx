import { type KeyboardEvent, Suspense, lazy, useRef, useState } from 'react';
import './gallery.css';

export interface GalleryImage {
  url: string;
  alt: string;
}

// The zoom's code (and the design system's dialog) loads when a shopper first reaches for it.
const loadZoom = () => import('./gallery-zoom');
const GalleryZoom = lazy(loadZoom);
const preloadZoom = () => void loadZoom();

/** A swipe this far across the picture shows the next or previous one. */
const SWIPE_PX = 40;

/**
 * The product's pictures in the chosen colour: one large, a row of thumbnails to pick another
 * (arrow keys move between them), a swipe on a phone, and a zoom that opens on a click or Enter.
 * Every box has its final size from the first paint, so nothing moves when pictures arrive.
 */
export function Gallery({ images, name }: { images: GalleryImage[]; name: string }) {
  const [picked, setPicked] = useState(0);
  const [zoom, setZoom] = useState(false);
  const touchX = useRef<number | null>(null);
  const thumbs = useRef<HTMLUListElement>(null);
  // Another colour keeps the view a shopper was looking at (its back, its close-up).
  const index = Math.min(picked, Math.max(0, images.length - 1));
  const current = images[index];
  if (!current) return <div className="product__image-placeholder" />;
  const show = (next: number) => setPicked((next + images.length) % images.length);

  const onThumbKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const next = (index + step + images.length) % images.length;
    show(next);
    thumbs.current?.querySelectorAll('button')[next]?.focus();
  };

  return (
    <div className="gallery">
      <button
        type="button"
        className="gallery__main"
        aria-haspopup="dialog"
        aria-label={`Enlarge ${current.alt}`}
        onClick={() => setZoom(true)}
        onPointerEnter={preloadZoom}
        onFocus={preloadZoom}
        onTouchStart={(event) => {
          touchX.current = event.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(event) => {
          const start = touchX.current;
          const end = event.changedTouches[0]?.clientX;
          touchX.current = null;
          if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
          event.preventDefault();
          show(index + (end < start ? 1 : -1));
        }}
      >
        {/* The page's largest paint: never lazy, fetched first. */}
        <img src={current.url} alt={current.alt} width={600} height={800} fetchPriority="high" />
        <span className="gallery__hint" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="22" height="22">
            <circle cx="10.5" cy="10.5" r="6.5" />
            <path d="M15.5 15.5L21 21M10.5 7.5v6M7.5 10.5h6" />
          </svg>
        </span>
      </button>
      {images.length > 1 && (
        <ul className="gallery__thumbs" aria-label="Pictures" ref={thumbs} onKeyDown={onThumbKey}>
          {images.map((image, i) => (
            <li key={image.url}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={`Show ${image.alt}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => show(i)}
              >
                <img src={image.url} alt="" width={75} height={100} fetchPriority="low" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {zoom && (
        <Suspense fallback={null}>
          <GalleryZoom images={images} index={index} name={name} onShow={show} onClose={() => setZoom(false)} />
        </Suspense>
      )}
    </div>
  );
}
