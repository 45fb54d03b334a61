import { type Location, Route, Routes, useLocation } from 'react-router-dom';
import { NotFoundPage } from '../components/not-found-page';
import { PageViewTracker } from '../features/analytics/page-view-tracker';
import { GuestSession } from '../features/session/guest-session';
import { ModalRoute } from '../features/popups/modal-route';
import { PopupHost } from '../features/popups/popup-host';
import { RemotePage } from './remote-page';
import { useBackOffice, useRouteTable } from './use-route-entry';

interface ModalState {
  backgroundLocation?: Location;
}

/**
 * The route table rendered against the current location, or against the page underneath when
 * a modal route (login, register, forgot password) was opened over it. Staff pages (the admin)
 * get no shopper's guest session, page views or popups.
 */
export function AppRoutes() {
  const location = useLocation();
  const table = useRouteTable();
  const backOffice = useBackOffice();
  const background = (location.state as ModalState | null)?.backgroundLocation;

  return (
    <>
      {!backOffice && <PageViewTracker />}
      {!backOffice && <GuestSession />}
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
      {/* Popups wait while a modal route is open (never one modal over another) and on staff pages. */}
      <PopupHost held={Boolean(background) || backOffice} />
    </>
  );
}
