import { useBrand } from '@shop/platform';
import { Link } from 'react-router-dom';

export function Footer() {
  const brand = useBrand();
  return (
    <footer className="footer">
      <div className="footer__columns">
        {brand.footer.columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="footer__title">{column.title}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.href}>
                  <Link to={link.href}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="footer__service">
        Customer service {brand.customerService.hours} · {brand.customerService.phone}
      </p>
      <p className="footer__legal">{brand.footer.legal}</p>
    </footer>
  );
}
