import { useBrand, useChrome, useFlag } from '@shop/platform';
import { Link } from 'react-router-dom';
import { RemoteOutlet } from '../../lib/remote-loader/remote-outlet';
import { useFeatureLinks } from './use-feature-links';

/**
 * Footer from the brand's content: link columns, e-mail signup (content remote, rendered with the
 * page and woken up after it), social, hours.
 */
export function Footer() {
  const brand = useBrand();
  const { footer } = useChrome();
  const signup = useFlag('emailSignup', true);
  // The welcome offer only while the brand's bag takes codes.
  const offers = useFlag('discounts', false);
  const copy = (offers && footer.signup.offer) || footer.signup;
  const visible = useFeatureLinks();
  return (
    <footer className="footer">
      {signup && (
        <section className="footer__signup" aria-labelledby="footer-signup-title">
          <h2 id="footer-signup-title" className="footer__title">
            {copy.title}
          </h2>
          <p>{copy.text}</p>
          <RemoteOutlet
            remote="content"
            expose="EmailSignupForm"
            props={{ placement: 'footer' }}
            fallback={() => null}
            loading={false}
            start="idle"
          />
        </section>
      )}
      <div className="footer__columns">
        {footer.columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="footer__title">{column.title}</h2>
            <ul>
              {visible(column.links).map((link) => (
                <li key={link.href}>
                  <Link to={link.href}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      {footer.social.length > 0 && (
        <ul className="footer__social" aria-label="Follow us">
          {footer.social.map((link) => (
            <li key={link.network}>
              <a href={link.href} rel="noopener noreferrer" target="_blank" data-network={link.network}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="footer__service">
        Customer service {brand.customerService.hours} · {brand.customerService.phone}
      </p>
      <p className="footer__legal">{footer.legal}</p>
    </footer>
  );
}
