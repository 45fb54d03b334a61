import { ListingPage } from './listing-page';

/** /c?q={term}: the same listing over full-text results. */
export default function SearchPage() {
  return <ListingPage page="search" basePath="/c" />;
}
