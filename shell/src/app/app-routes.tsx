import { useBrand } from '@shop/platform';
import { useMemo } from 'react';
import { type Location, Route, Routes, useLocation } from 'react-router-dom';
import { NotFoundPage } from '../components/not-found-page';
import { PageViewTracker } from '../features/analytics/page-view-tracker';
import { GuestSession } from '../features/session/guest-session';
import { ModalRoute } from '../features/popups/modal-route';
import { PopupHost } from '../features/popups/popup-host';
import { RemotePage } from './remote-page';
import { buildRouteTable } from './route-table';

interface ModalState {
  backgroundLocation?: Location;
}

/**
 * The route table rendered against the current location, or against the page underneath when
 * a modal route (login, register, forgot password) was opened over it.
 */
export function AppRoutes() {
  const brand = useBrand();
  const location = useLocation();
  const table = useMemo(() => buildRouteTable(brand), [brand]);
  const background = (location.state as ModalState | null)?.backgroundLocation;

  return (
    <>
      <PageViewTracker />
      <GuestSession />
      <Routes location={background ?? location}>
        {table.map((entry) => (
          <Route key={entry.path} path={entry.path} element={<RemotePage entry={entry} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
      {background && (
        <Routes>
          {table
            .filter((entry) => entry.modal)
            .map((entry) => (
              <Route
                key={entry.page}
                path={entry.path}
                element={<ModalRoute entry={entry} background={background} />}
              />
            ))}
        </Routes>
      )}
      {/* Popups wait while a modal route is open: never one modal over another. */}
      <PopupHost held={Boolean(background)} />
    </>
  );
}
