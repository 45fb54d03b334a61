import { Link } from 'react-router-dom';

interface Props {
  total: number;
  offset: number;
  pageSize: number;
  hrefFor: (offset: number) => string;
}

/** Real links (the offset lives in the URL), so pages can be opened, shared and gone back to. */
export function Pagination({ total, offset, pageSize, hrefFor }: Props) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  const current = Math.floor(offset / pageSize);
  const around = [...new Set([0, current - 1, current, current + 1, pages - 1])]
    .filter((p) => p >= 0 && p < pages)
    .sort((a, b) => a - b);
  return (
    <nav className="pagination" aria-label="Pages">
      <ul>
        {current > 0 && (
          <li>
            <Link to={hrefFor((current - 1) * pageSize)} rel="prev">
              Previous page
            </Link>
          </li>
        )}
        {around.map((page) => (
          <li key={page}>
            {page === current ? (
              <span aria-current="page">Page {page + 1}</span>
            ) : (
              <Link to={hrefFor(page * pageSize)} aria-label={`Page ${page + 1}`}>
                {page + 1}
              </Link>
            )}
          </li>
        ))}
        {current < pages - 1 && (
          <li>
            <Link to={hrefFor((current + 1) * pageSize)} rel="next">
              Next page
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
