import { useBrand } from '@shop/platform';
import { PageShell } from '@shop/ui';
import { Link } from 'react-router-dom';

/** The brand's home page (at /rr on the rallyathletic variant). */
export default function HomePage() {
  const brand = useBrand();
  return (
    <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page="home" title={brand.name}>
      <p className="hero__tagline">{brand.tagline}</p>
      <ul className="hero__links">
        {brand.nav.slice(0, 4).map((link) => (
          <li key={link.href}>
            <Link className="button" to={link.href}>
              Shop {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </PageShell>
  );
}
