// What the apps share as `react-router-dom` in the browser: the router API they use, and nothing
// else. A shared module is never tree-shaken (any app might use any export of it), so sharing the
// whole package put all of React Router on every first page (~59 KB gzip, its data routers and
// server handlers included); sharing this list lets webpack keep only what these names need.
// Still one router for the shell and every remote: the context objects come from the one module.
// A name an app imports that is missing here fails the build (see routerFacade in create-config.cjs).
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
